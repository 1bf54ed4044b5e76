import type { AskFact } from '../../../shared/api/coach-conversations.ts';
import type { FactOrigin } from '../../ai/provenance.ts';
import type { Quantity } from './format.ts';

/** The days a figure covers, YYYY-MM-DD, both included. */
export interface DayWindow {
  from: string;
  to: string;
}

/** How many days a window covers, both ends included. */
export const daysInWindow = (window: DayWindow): number => Math.round((Date.parse(window.to) - Date.parse(window.from)) / 86_400_000) + 1;

/**
 * One figure as every reader of the athlete's data takes it (issue 28, ADR 0076): its value in SI
 * units, the text every sentence writes it as (format.ts, in the athlete's units), the days it
 * covers, where it was read and the sources of everything it was computed from. Ask Kai, the MCP
 * tools and the exports take their figures from the builders in this folder.
 */
export type Fact = AskFact;

export function fact(
  key: string,
  label: string,
  quantity: Quantity,
  unit: string,
  window: DayWindow | null,
  source: string,
  provenance: Iterable<FactOrigin>,
): Fact {
  return { key, label, value: quantity.value, unit, text: quantity.text, window, source, provenance: sortedOrigins(provenance) };
}

const ORIGIN_ORDER: readonly FactOrigin[] = ['strava', 'archive', 'file', 'demo', 'athlete'];

/** Each origin once, in one order, so equal provenance compares and hashes equal. */
export function sortedOrigins(origins: Iterable<FactOrigin>): FactOrigin[] {
  const seen = new Set(origins);
  return ORIGIN_ORDER.filter((origin) => seen.has(origin));
}

/** Whether a Strava-fetched value, or one computed from one, went into the fact (ADR 0007). */
export const isStravaDerived = (value: { provenance: readonly FactOrigin[] }): boolean => value.provenance.includes('strava');
