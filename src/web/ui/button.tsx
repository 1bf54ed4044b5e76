import type { ComponentProps } from 'react';
import { buttonClasses, type ButtonStyle } from './button-classes.ts';

type ButtonProps = ComponentProps<'button'> & ButtonStyle;

/** A button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant, size, fullWidth, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, fullWidth }, className)} {...props} />;
}
