import { useId } from 'react';

interface SelectFieldProps<Value extends string> {
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  /** Each value with its label, in the order shown. */
  options: readonly (readonly [Value, string])[];
  className?: string;
}

/** A labelled drop-down of a few values, as the app's other forms draw one. */
export function SelectField<Value extends string>({ label, value, onChange, options, className }: SelectFieldProps<Value>) {
  const id = useId();
  return (
    <div className={className ?? 'flex flex-col gap-1.5'}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(options.find(([option]) => option === event.target.value)?.[0] ?? value)}
        className="h-11 w-full rounded-lg border border-line-strong bg-canvas px-3 text-base text-fg sm:text-sm"
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
