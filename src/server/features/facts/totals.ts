import { count, duration, score, type Quantity } from './format.ts';

/** The sum of the known values; null when none is known, never 0 for a figure nothing recorded. */
export function sumKnown(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : known.reduce((total, value) => total + value, 0);
}

export interface SessionTotals {
  sessions: Quantity;
  movingTime: Quantity;
  /** The known loads' sum; null when no activity has one. */
  load: Quantity | null;
}

/** Sessions, moving time and training load of a list of activities, worded once for every reader (an analysis's recent training, Ask Kai's volume). */
export function sessionTotals(rows: readonly { movingTimeS: number; trainingLoad: number | null }[], noun: string, plural = `${noun}s`): SessionTotals {
  const load = sumKnown(rows.map((row) => row.trainingLoad));
  return {
    sessions: count(rows.length, noun, plural),
    movingTime: duration(rows.reduce((total, row) => total + row.movingTimeS, 0)),
    load: load === null ? null : score(load),
  };
}
