import type { AskFact } from '../../../shared/api/coach-conversations.ts';
import { formatCalendarDay, formatDurationWords, formatNumber } from '../../../shared/format.ts';
import { addCalendarDays } from '../../../shared/time.ts';

/** Decimals that keep a figure honest without noise: whole watts and metres, one decimal below 100, two below 10. */
function decimalsFor(value: number): number {
  if (Number.isInteger(value)) return 0;
  const size = Math.abs(value);
  return size >= 100 ? 0 : size >= 10 ? 1 : 2;
}

/**
 * A fact's stored value with its unit, as the popover shows it beside the answer's own wording:
 * the answer writes in the athlete's units, this is the figure the server computed (SI).
 */
export function factValueText({ value, unit }: Pick<AskFact, 'value' | 'unit'>): string {
  switch (unit) {
    case 's':
      return formatDurationWords(value);
    case 'day':
      return formatCalendarDay(addCalendarDays('1970-01-01', Math.round(value)));
    case '%':
      return `${formatNumber(value, decimalsFor(value))}%`;
    case '':
      return formatNumber(value, decimalsFor(value));
    default:
      return `${formatNumber(value, decimalsFor(value))} ${unit}`;
  }
}

/** The days a fact covers: one day, a span, or none for a setting such as the FTP in use. */
export function factWindowText(window: AskFact['window']): string {
  if (window === null) return 'Current setting';
  if (window.from === window.to) return formatCalendarDay(window.from);
  return `${formatCalendarDay(window.from)} – ${formatCalendarDay(window.to)}`;
}
