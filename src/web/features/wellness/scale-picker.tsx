import clsx from 'clsx';
import { useId } from 'react';

interface ScalePickerProps {
  label: string;
  /** What the ends of the scale mean, e.g. ['poor', 'great']. */
  ends: [string, string];
  value: number | null;
  onChange: (value: number | null) => void;
  /** The highest step; the scale runs from 1. */
  max: number;
}

/**
 * A 1–n scale as one row of segments: native radio buttons (arrow keys move, one tab stop), so a
 * value is one tap on a phone. Choosing the chosen step again clears it: every value is optional.
 */
export function ScalePicker({ label, ends, value, onChange, max }: ScalePickerProps) {
  const name = useId();
  const steps = Array.from({ length: max }, (_, index) => index + 1);
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 flex w-full items-baseline justify-between gap-3 text-sm font-medium text-fg">
        <span>{label}</span>
        <span className="text-xs font-normal text-fg-subtle">
          1 {ends[0]} · {max} {ends[1]}
        </span>
      </legend>
      <div className="flex overflow-hidden rounded-lg border border-line-strong">
        {steps.map((step) => (
          <label
            key={step}
            className={clsx(
              'relative flex h-11 min-w-0 flex-1 cursor-pointer items-center justify-center border-line-strong text-sm font-semibold transition-colors not-first:border-l',
              'has-focus-visible:outline-2 has-focus-visible:-outline-offset-2 has-focus-visible:outline-accent',
              value === step ? 'bg-accent text-accent-fg' : 'bg-canvas text-fg-muted hover:bg-surface-raised hover:text-fg',
            )}
          >
            <input
              type="radio"
              name={name}
              value={step}
              checked={value === step}
              aria-label={`${label} ${step} of ${max}`}
              className="sr-only"
              onChange={() => undefined}
              onClick={() => onChange(value === step ? null : step)}
            />
            {step}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
