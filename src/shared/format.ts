import type { UnitSystem } from './domain/unit-system.ts';

/**
 * How Kairo writes figures, for every screen and every text (the built-in coach, the profile,
 * plans, exports meant for people): one rule per kind of figure.
 * - Durations: a stopwatch reading where a clock is expected ('1:10:41', '48:05'), words in prose
 *   ('1 h 11 min', '48 min', '45 s').
 * - Numbers: thousands grouped with a comma from 1,000 on ('4,292 m', '1,500 m'), a point for decimals.
 * - Units follow the athlete's unit system (spec §9: 1 mi = 1609.34 m, 1 m = 3.28084 ft).
 * - Dates in the athlete's locale and time zone, one shape ('Wed, Nov 25'; the year only when not this one).
 */

/** Spec §9. */
export const METRES_PER_MILE = 1609.34;
/** Spec §9. */
export const FEET_PER_METRE = 3.28084;
/** The international avoirdupois pound. */
export const KG_PER_POUND = 0.45359237;

/** A formatted quantity: the number as shown and its unit, kept apart so a screen can style them apart. */
export interface Measure {
  value: string;
  unit: string;
}

/** One line of text: '12.3 km', '5:12 /km'. */
export function measureText({ value, unit }: Measure): string {
  return `${value} ${unit}`;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** 'H:MM:SS' from one hour on, 'M:SS' below; seconds are rounded first, so 3599.6 s is '1:00:00'. */
export function formatClock(durationS: number): string {
  const total = Math.max(0, Math.round(durationS));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours >= 1 ? `${hours}:${pad2(minutes)}:${pad2(seconds)}` : `${minutes}:${pad2(seconds)}`;
}

/** '1 h 11 min', '2 h', '48 min', '45 s': whole minutes from one minute on. */
export function formatDurationWords(durationS: number): string {
  const seconds = Math.max(0, durationS);
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const totalMinutes = Math.round(seconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

const numberFormats = new Map<number, Intl.NumberFormat>();

/** `value` with `decimals` decimals and thousands grouped: '4,292', '1,234.5'; never '-0'. */
export function formatNumber(value: number, decimals = 0): string {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true });
    numberFormats.set(decimals, format);
  }
  const text = format.format(value);
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/** One decimal, in kilometres or miles. */
export function formatDistance(distanceM: number, units: UnitSystem): Measure {
  const metres = Math.max(0, distanceM);
  return units === 'imperial'
    ? { value: formatNumber(metres / METRES_PER_MILE, 1), unit: 'mi' }
    : { value: formatNumber(metres / 1000, 1), unit: 'km' };
}

/** Whole metres or feet. */
export function formatElevation(elevationM: number, units: UnitSystem): Measure {
  const metres = Math.max(0, elevationM);
  return units === 'imperial' ? { value: formatNumber(metres * FEET_PER_METRE), unit: 'ft' } : { value: formatNumber(metres), unit: 'm' };
}

/**
 * An upper limit in metres as a whole number of km or mi (a distance) or m or ft (climbing),
 * rounded down so that the figure said is itself within the limit: '5,000 km', '3,106 mi'.
 */
export function formatLimit(kind: 'distance' | 'elevation', limitM: number, units: UnitSystem): string {
  const [value, unit] =
    kind === 'distance'
      ? units === 'imperial' ? [limitM / METRES_PER_MILE, 'mi'] : [limitM / 1000, 'km']
      : units === 'imperial' ? [limitM * FEET_PER_METRE, 'ft'] : [limitM, 'm'];
  return measureText({ value: formatNumber(Math.floor(value + 1e-9)), unit });
}

/** A body weight, stored in kg, in the athlete's unit: kg or lb, as a number (one decimal). */
export function weightInUnits(kg: number, units: UnitSystem): number {
  return Math.round((units === 'imperial' ? kg / KG_PER_POUND : kg) * 10) / 10;
}

/**
 * A weight typed in the athlete's unit, in kg as stored: `decimals` as the store keeps them (the
 * settings' column keeps one; a check-in keeps more, so a typed 160 lb reads back as 160 lb).
 */
export function weightKgFrom(value: number, units: UnitSystem, decimals = 1): number {
  const scale = 10 ** decimals;
  return Math.round((units === 'imperial' ? value * KG_PER_POUND : value) * scale) / scale;
}

/** The unit a body weight is shown and typed in: 'kg' or 'lb' (W/kg stays W/kg: it is a ratio, not a weight). */
export const weightUnit = (units: UnitSystem): 'kg' | 'lb' => (units === 'imperial' ? 'lb' : 'kg');

/** A body weight: one decimal, kg or lb: '71.4 kg', '157.4 lb'. */
export function formatWeight(kg: number, units: UnitSystem): Measure {
  return { value: formatNumber(weightInUnits(kg, units), 1), unit: weightUnit(units) };
}

/** One decimal, km/h or mph. */
export function formatSpeed(metresPerSecond: number, units: UnitSystem): Measure {
  return units === 'imperial'
    ? { value: formatNumber((metresPerSecond * 3600) / METRES_PER_MILE, 1), unit: 'mph' }
    : { value: formatNumber(metresPerSecond * 3.6, 1), unit: 'km/h' };
}

/** Minutes:seconds per kilometre or per mile. */
export function formatPace(secondsPerKm: number, units: UnitSystem): Measure {
  const secondsPerUnit = Math.round(units === 'imperial' ? (secondsPerKm * METRES_PER_MILE) / 1000 : secondsPerKm);
  return { value: `${Math.floor(secondsPerUnit / 60)}:${pad2(secondsPerUnit % 60)}`, unit: units === 'imperial' ? '/mi' : '/km' };
}

/**
 * Where and how the athlete reads dates; undefined fields mean the reader's own (the browser's, or
 * UTC and English on the server). `now` decides which year is "this year" (a day of this year is
 * written without its year); it defaults to the moment of the call and is given by tests.
 */
export interface DateSettings {
  locale?: string;
  timeZone?: string;
  now?: Date;
}

const defaultTimeZone = () => (typeof window === 'undefined' ? 'UTC' : undefined);

function dateFormat(settings: DateSettings, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const timeZone = settings.timeZone ?? defaultTimeZone();
  try {
    return new Intl.DateTimeFormat(settings.locale, { ...options, timeZone });
  } catch {
    // An unknown locale or time zone (a stale setting, an old browser) falls back to the defaults.
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone: defaultTimeZone() });
  }
}

/** The year of `date` where the athlete is (a late evening of 31 December in New York is already next year in UTC). */
function yearIn(date: Date, settings: DateSettings): number {
  return Number(dateFormat(settings, { year: 'numeric' }).formatToParts(date).find((part) => part.type === 'year')?.value);
}

/** The one shape of a day on every screen: weekday, month and day, and the year only when it is not this year. */
function dayOptions(date: Date, settings: DateSettings): Intl.DateTimeFormatOptions {
  const thisYear = yearIn(date, settings) === yearIn(settings.now ?? new Date(), settings);
  return { weekday: 'short', day: 'numeric', month: 'short', year: thisYear ? undefined : 'numeric' };
}

/** A calendar day 'YYYY-MM-DD' as the moment that falls on it in UTC, and the settings that read it there. */
function calendarDayMoment(isoDate: string, settings: DateSettings): [Date, DateSettings] {
  return [new Date(`${isoDate.slice(0, 10)}T12:00:00Z`), { locale: settings.locale, timeZone: 'UTC', now: settings.now }];
}

/*
 * Dates on screens and in Kairo's short texts have one shape (issue 26, ADR 0072), in three named
 * formats: a day ('Wed, Nov 25'; 'Wed, Nov 25, 2025' in another year), a day without its year for
 * a calendar's own cells ('Wed, Nov 25'), and a moment ('Wed, Nov 25, 7:05 AM'). Prose an athlete
 * reads as sentences (Kai's analyses) writes its days out, as it does its durations.
 */

/** A day of a moment where the athlete is: 'Wed, Nov 25' this year, 'Wed, Nov 25, 2025' in another, 'mer. 25 nov.' in fr. */
export function formatDate(date: Date | string, settings: DateSettings = {}): string {
  const moment = new Date(date);
  return dateFormat(settings, dayOptions(moment, settings)).format(moment);
}

/** A calendar day given as 'YYYY-MM-DD' (no time of day, so no time zone shift), as `formatDate` writes a day. */
export function formatCalendarDay(isoDate: string, settings: DateSettings = {}): string {
  const [moment, utc] = calendarDayMoment(isoDate, settings);
  return formatDate(moment, utc);
}

/**
 * A day given either way, as `formatDate` writes it: a calendar day 'YYYY-MM-DD' stays on its day,
 * a moment (ISO with its time, or a Date) is read where the athlete is.
 */
export function formatDay(day: Date | string, settings: DateSettings = {}): string {
  return typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatCalendarDay(day, settings) : formatDate(day, settings);
}

/** A calendar day without its year, for a calendar's cells and a week's span: 'Wed, Nov 25' in en-US. */
export function formatShortCalendarDay(isoDate: string, settings: DateSettings = {}): string {
  const [moment, utc] = calendarDayMoment(isoDate, settings);
  return dateFormat(utc, { weekday: 'short', day: 'numeric', month: 'short' }).format(moment);
}

/** A moment: 'Wed, Nov 25, 7:05 AM' this year, 'Wed, Nov 25, 2025, 7:05 AM' in another (en-US). */
export function formatDateTime(date: Date | string, settings: DateSettings = {}): string {
  const moment = new Date(date);
  return dateFormat(settings, { ...dayOptions(moment, settings), hour: 'numeric', minute: '2-digit' }).format(moment);
}

/** Form is shown signed, as coaches read it: '+5', '−12', '0'. */
export function formatForm(tsb: number): string {
  const rounded = Math.round(tsb);
  if (rounded > 0) return `+${rounded}`;
  if (rounded < 0) return `−${Math.abs(rounded)}`;
  return '0';
}
