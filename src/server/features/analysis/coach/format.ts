import type { UnitSystem } from '../../../../shared/domain/unit-system.ts';

/**
 * How numbers read in Kai's prose. Every number a coach may write is a fact formatted here once,
 * stored as a Quantity with its text, so the text can only quote facts (see grounding.ts).
 * Units follow spec §9: 1 mi = 1609.34 m, 1 m = 3.28084 ft; no thousands separators.
 */
export interface Quantity {
  value: number;
  text: string;
}

const METRES_PER_MILE = 1609.34;
const FEET_PER_METRE = 3.28084;

export const quantity = (value: number, text: string): Quantity => ({ value, text });

/** '1 h 23 min', '48 min', '45 s': whole minutes from one minute on. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const totalMinutes = Math.round(seconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

/** Spec §9: one decimal, km or mi. */
export const distance = (metres: number, units: UnitSystem): Quantity =>
  quantity(metres, units === 'imperial' ? `${(metres / METRES_PER_MILE).toFixed(1)} mi` : `${(metres / 1000).toFixed(1)} km`);

/** Spec §9: rounded, m or ft. */
export const elevation = (metres: number, units: UnitSystem): Quantity =>
  quantity(metres, units === 'imperial' ? `${Math.round(metres * FEET_PER_METRE)} ft` : `${Math.round(metres)} m`);

export const speed = (metresPerSecond: number, units: UnitSystem): Quantity =>
  quantity(
    metresPerSecond,
    units === 'imperial'
      ? `${((metresPerSecond * 3600) / METRES_PER_MILE).toFixed(1)} mph`
      : `${(metresPerSecond * 3.6).toFixed(1)} km/h`,
  );

/** Spec §9: minutes:seconds per km or per mile. */
export function pace(secondsPerKm: number, units: UnitSystem): Quantity {
  const secondsPerUnit = Math.round(units === 'imperial' ? (secondsPerKm * METRES_PER_MILE) / 1000 : secondsPerKm);
  const text = `${Math.floor(secondsPerUnit / 60)}:${String(secondsPerUnit % 60).padStart(2, '0')}`;
  return quantity(secondsPerKm, `${text} /${units === 'imperial' ? 'mi' : 'km'}`);
}

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

/** Time left to a day, as a coach says it: whole weeks from two weeks on, days below ('9 weeks', '10 days', '1 day'). */
export function timeLeft(days: number): Quantity {
  return days >= 14 ? quantity(days, `${Math.floor(days / 7)} weeks`) : count(days, 'day');
}
