import clsx from 'clsx';
import { useId } from 'react';

interface ChoiceGroupProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /**
   * Each value with its label, in the order shown: the object's own order, which JavaScript keeps
   * for words but not for integer-like keys (those come first, ascending), so values are words.
   */
  options: Record<string, string>;
}

/** One choice of a few, as radio buttons that look like chips. */
export function ChoiceGroup({ label, value, onChange, options }: ChoiceGroupProps) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-fg">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {Object.entries(options).map(([option, text]) => (
          <label
            key={option}
            className={clsx(
              'flex h-10 cursor-pointer items-center gap-2 rounded-lg border px-3.5 text-sm transition-colors',
              value === option ? 'border-accent bg-accent/10 text-fg' : 'border-line-strong text-fg-muted hover:border-fg-subtle',
            )}
          >
            <input type="radio" name={name} className="size-4 accent-(--color-accent)" checked={value === option} onChange={() => onChange(option)} />
            {text}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
