import clsx from 'clsx';
import { useId, type ComponentProps, type ReactNode } from 'react';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string | undefined;
  /** Something that belongs next to the label, e.g. a "Forgot your password?" link. */
  labelAside?: ReactNode;
}

/** A labelled input with its validation message tied to it for screen readers. */
export function TextField({ label, error, labelAside, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={clsx(
          'h-11 w-full rounded-lg border bg-canvas px-3.5 text-base text-fg transition-colors sm:text-sm',
          'placeholder:text-fg-subtle focus-visible:outline-offset-0',
          error ? 'border-danger' : 'border-line-strong hover:border-fg-subtle',
        )}
        {...inputProps}
      />
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
