import clsx from 'clsx';
import { CHART_TEXT_CLASS, type ChartColor } from './chart-theme.ts';

interface ReadoutItemProps {
  color: ChartColor;
  label: string;
  /** The value under the cursor with its unit; without one the item is a legend entry. */
  value: string | null;
  /** A dashed swatch for a reference line (the best curve). */
  dashed?: boolean;
}

/** A legend entry that reads out its series' value under the cursor. */
export function ReadoutItem({ color, label, value, dashed = false }: ReadoutItemProps) {
  return (
    <span className="inline-flex items-baseline gap-1.5 whitespace-nowrap">
      <span
        aria-hidden
        className={clsx('inline-block w-3 -translate-y-[3px] border-t-2 border-current', CHART_TEXT_CLASS[color], dashed && 'border-dashed')}
      />
      <span className="text-fg-subtle">{label}</span>
      {value !== null && <span className="font-medium text-fg tabular-nums">{value}</span>}
    </span>
  );
}
