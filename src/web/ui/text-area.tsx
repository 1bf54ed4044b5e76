import { useId, type Ref } from 'react';

interface TextAreaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Shown under the box and announced with it. */
  help?: string;
  rows?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text box the athlete can make taller. */
export function TextArea({ label, value, onChange, placeholder, help, rows = 3, ref }: TextAreaProps) {
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        value={value}
        placeholder={placeholder}
        aria-describedby={help ? helpId : undefined}
        onChange={(e) => onChange(e.target.value)}
        className="w-full resize-y scroll-mb-24 rounded-lg border border-line-strong bg-canvas px-3.5 py-2.5 text-base text-fg placeholder:text-fg-subtle hover:border-fg-subtle focus-visible:outline-offset-0 sm:text-sm"
      />
      {help && (
        <p id={helpId} className="text-xs text-fg-muted">
          {help}
        </p>
      )}
    </div>
  );
}
