import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import {
  formatDistance,
  formatDurationWords,
  formatElevation,
  formatPace,
  formatSpeed,
  measureText,
} from '../../../shared/format.ts';

/**
 * How numbers read in Kai's prose. Every number a coach may write is a fact formatted here once,
 * stored as a Quantity with its text, so the text can only quote facts (see grounding.ts). The
 * texts come from the formatting module the screens use (shared/format.ts): the same durations,
 * thousands separators and units (the athlete's unit system) as everywhere else.
 */
export interface Quantity {
  value: number;
  text: string;
}

export const quantity = (value: number, text: string): Quantity => ({ value, text });

/** '1 h 23 min', '48 min', '45 s': whole minutes from one minute on. */
export const formatDuration = formatDurationWords;

/** One decimal, km or mi. */
export const distance = (metres: number, units: UnitSystem): Quantity => quantity(metres, measureText(formatDistance(metres, units)));

/** Rounded, m or ft. */
export const elevation = (metres: number, units: UnitSystem): Quantity => quantity(metres, measureText(formatElevation(metres, units)));

export const speed = (metresPerSecond: number, units: UnitSystem): Quantity => quantity(metresPerSecond, measureText(formatSpeed(metresPerSecond, units)));

/** Minutes:seconds per km or per mile. */
export const pace = (secondsPerKm: number, units: UnitSystem): Quantity => quantity(secondsPerKm, measureText(formatPace(secondsPerKm, units)));

export const duration = (seconds: number): Quantity => quantity(seconds, formatDuration(seconds));
export const watts = (value: number): Quantity => quantity(value, `${Math.round(value)} W`);
export const kilojoules = (value: number): Quantity => quantity(value, `${Math.round(value)} kJ`);
export const bpm = (value: number): Quantity => quantity(value, `${Math.round(value)} bpm`);
/** Ratios read to two decimals: IF, VI, EF. */
export const ratio = (value: number): Quantity => quantity(value, value.toFixed(2));
export function percent(value: number, decimals = 0): Quantity {
  const fixed = value.toFixed(decimals);
  // A share that rounds to zero reads '0%', not '-0%'.
  return quantity(value, `${Number(fixed) === 0 ? (0).toFixed(decimals) : fixed}%`);
}
/** A span of percentages, '60–70%', or one value when both ends agree ('110%'); its value is the middle. */
export function percentRange(low: number, high: number): Quantity {
  return quantity((low + high) / 2, low === high ? `${low}%` : `${low}–${high}%`);
}

/** Training load, CTL and ATL: whole numbers on the TSS scale. */
export const score = (value: number): Quantity => quantity(value, String(Math.round(value)));

/** Form (TSB) and changes: signed whole numbers, '+3', '-12', '0'. */
export function signed(value: number): Quantity {
  const rounded = Math.round(value);
  return quantity(value, rounded > 0 ? `+${rounded}` : rounded < 0 ? `-${-rounded}` : '0');
}

export const count = (value: number, singular: string, plural = `${singular}s`): Quantity =>
  quantity(value, `${value} ${value === 1 ? singular : plural}`);

/** A stopwatch reading for efforts: '4:35', '1:02:03'. */
export function clock(seconds: number): Quantity {
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return quantity(seconds, hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`);
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A calendar day (YYYY-MM-DD) as prose writes it: '6 December 2026'; its value is the day's UTC midnight in ms. */
export function calendarDay(isoDay: string): Quantity {
  const date = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  return quantity(date.getTime(), `${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`);
}

/** A calendar day as a fact's value counts it (days since 1970-01-01, the unit 'day'), written as prose writes it. */
export function epochDay(isoDay: string): Quantity {
  return quantity(Math.round(Date.parse(`${isoDay.slice(0, 10)}T00:00:00Z`) / 86_400_000), calendarDay(isoDay).text);
}

/** Time left to a day, as a coach says it: whole weeks from two weeks on, days below ('9 weeks', '10 days', '1 day'). */
export function timeLeft(days: number): Quantity {
  return days >= 14 ? quantity(days, `${Math.floor(days / 7)} weeks`) : count(days, 'day');
}

/** A recorded value that means something only when positive (a 0 W average is no measurement). */
export const positive = (value: number | null | undefined): number | null => (value !== null && value !== undefined && value > 0 ? value : null);

/** Formats a value the device recorded; a value it did not record stays absent. */
export const formatted = <T>(value: number | null, format: (value: number) => T): T | null => (value === null ? null : format(value));
