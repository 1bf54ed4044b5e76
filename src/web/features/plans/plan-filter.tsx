import clsx from 'clsx';
import { planCount } from './plan-labels.ts';

export type PlanFilterValue = 'active' | 'inactive';

interface PlanFilterProps {
  value: PlanFilterValue;
  onChange: (value: PlanFilterValue) => void;
  counts: Record<PlanFilterValue, number>;
}

/** Spec §2: the list filters by Active or Inactive, each with its count. */
export function PlanFilter({ value, onChange, counts }: PlanFilterProps) {
  return (
    <nav aria-label="Filter plans" className="flex gap-2 md:flex-col">
      {(
        [
          ['active', 'Active'],
          ['inactive', 'Inactive'],
        ] as const
      ).map(([option, label]) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={clsx(
            'flex flex-1 items-center justify-between gap-3 rounded-lg border px-3.5 py-2.5 text-left text-sm transition-colors',
            value === option ? 'border-accent bg-accent/10 text-fg' : 'border-line text-fg-muted hover:border-line-strong hover:text-fg',
          )}
        >
          <span className="font-semibold">{label}</span>
          {/* fg-muted, not fg-subtle: on the chosen option's tinted background subtle text falls below 4.5:1. */}
          <span className="text-xs text-fg-muted">{planCount(counts[option])}</span>
        </button>
      ))}
    </nav>
  );
}
