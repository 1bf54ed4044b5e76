import clsx from 'clsx';
import type { ComponentProps } from 'react';
import { Link } from 'wouter';

/** An in-app link styled for running text. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={clsx('rounded font-medium text-accent underline-offset-4 hover:underline', className)}
      {...props}
    />
  );
}
