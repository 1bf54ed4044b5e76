import type { UnitSystem } from './unit-system.ts';
import { formatDistance, formatElevation, formatPace, formatSpeed, formatWeight, measureText, METRES_PER_MILE } from '../format.ts';

/**
 * Measures in Kairo's stored texts, written unit-free and read in the reader's units (ADR 0073).
 *
 * A plan's text is written once and read for months, by an athlete who may switch units in
 * between. So the plan generator does not write '42.2 km': it writes a token holding the measure
 * in SI (metres, seconds per km, m/s, kg), and every reader renders the tokens with the account's
 * current unit system through the one formatting module (shared/format.ts).
 *
 * A token is `\uE000kind:value\uE001`. The two delimiters are private-use characters: no font
 * draws them and no keyboard types them, so text an athlete typed is made safe by dropping them
 * (`athleteText`), and only tokens Kairo wrote are ever expanded.
 */

const OPEN = '\uE000';
const CLOSE = '\uE001';

/** Unit-dependent words: 'metre' or 'foot', 'm' or 'ft', and the 5 km run ('5 km', or '5K (3.1 mi)'). */
export const UNIT_WORDS = ['climb-one', 'climb-of', '5k'] as const;
export type UnitWord = (typeof UNIT_WORDS)[number];

/** How a text writes its measures: formatted in one unit system, or as tokens for the reader's. */
export interface MeasureWriter {
  /** The unit system the text is written in; null: unit-free tokens, rendered in the reader's units. */
  readonly units: UnitSystem | null;
  /** A distance in metres: '42.2 km', '26.2 mi'. */
  distance(metres: number): string;
  /** Climbing in metres: '1,200 m', '3,937 ft'. */
  elevation(metres: number): string;
  /** A pace in seconds per km: '4:30 /km', '7:14 /mi'. */
  pace(secondsPerKm: number): string;
  /** A pace range, fastest first, in seconds per km: '4:10-4:30 /km'. */
  paceRange(fastSecondsPerKm: number, slowSecondsPerKm: number): string;
  /** A speed in m/s: '30.0 km/h', '18.6 mph'. */
  speed(metresPerSecond: number): string;
  /** A body weight in kg: '71.4 kg', '157.4 lb'. */
  weight(kg: number): string;
  /** A climbing rate in metres per km: '25 m per km', '132 ft per mi'. */
  climbRate(metresPerKm: number): string;
  word(word: UnitWord): string;
}

const WORDS: Record<UnitWord, (units: UnitSystem) => string> = {
  'climb-one': (units) => (units === 'imperial' ? 'foot' : 'metre'),
  'climb-of': (units) => (units === 'imperial' ? 'ft' : 'm'),
  '5k': (units) => (units === 'imperial' ? `5K (${measureText(formatDistance(5000, units))})` : '5 km'),
};

function paceRangeText(fast: number, slow: number, units: UnitSystem): string {
  const [quick, easy] = [formatPace(fast, units), formatPace(slow, units)];
  return `${quick.value}-${easy.value} ${easy.unit}`;
}

function climbRateText(metresPerKm: number, units: UnitSystem): string {
  return units === 'imperial'
    ? `${measureText(formatElevation((metresPerKm * METRES_PER_MILE) / 1000, units))} per mi`
    : `${measureText(formatElevation(metresPerKm, units))} per km`;
}

/** Text written directly in `units` (for answers read at once, such as a refusal, and for tests). */
export function unitText(units: UnitSystem): MeasureWriter {
  return {
    units,
    distance: (metres) => measureText(formatDistance(metres, units)),
    elevation: (metres) => measureText(formatElevation(metres, units)),
    pace: (secondsPerKm) => measureText(formatPace(secondsPerKm, units)),
    paceRange: (fast, slow) => paceRangeText(fast, slow, units),
    speed: (metresPerSecond) => measureText(formatSpeed(metresPerSecond, units)),
    weight: (kg) => measureText(formatWeight(kg, units)),
    climbRate: (metresPerKm) => climbRateText(metresPerKm, units),
    word: (word) => WORDS[word](units),
  };
}

/** A number as a token holds it: finite, at most three decimals, no exponent. */
function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`A measure must be a finite number, not ${value}.`);
  return String(Math.round(value * 1000) / 1000);
}

const token = (kind: string, ...values: string[]) => `${OPEN}${kind}:${values.join(',')}${CLOSE}`;

/** Tokens for the reader's units: what a stored text is written with. */
export const unitTokens: MeasureWriter = {
  units: null,
  distance: (metres) => token('d', numberText(metres)),
  elevation: (metres) => token('e', numberText(metres)),
  pace: (secondsPerKm) => token('p', numberText(secondsPerKm)),
  paceRange: (fast, slow) => token('pr', numberText(fast), numberText(slow)),
  speed: (metresPerSecond) => token('s', numberText(metresPerSecond)),
  weight: (kg) => token('w', numberText(kg)),
  climbRate: (metresPerKm) => token('cr', numberText(metresPerKm)),
  word: (word) => token('u', word),
};

const NUMBER = /^-?\d+(\.\d+)?$/;
const isUnitWord = (value: string): value is UnitWord => (UNIT_WORDS as readonly string[]).includes(value);

/** One token's text in `units`, or null when it is not one Kairo writes (left as it is). */
function tokenText(kind: string, body: string, units: UnitSystem): string | null {
  if (kind === 'u') return isUnitWord(body) ? WORDS[body](units) : null;
  const parts = body.split(',');
  if (!parts.every((part) => NUMBER.test(part))) return null;
  const [first, second] = parts.map(Number) as [number, number | undefined];
  const write = unitText(units);
  if (kind === 'pr') return parts.length === 2 ? write.paceRange(first, second!) : null;
  if (parts.length !== 1) return null;
  switch (kind) {
    case 'd':
      return write.distance(first);
    case 'e':
      return write.elevation(first);
    case 'p':
      return write.pace(first);
    case 's':
      return write.speed(first);
    case 'w':
      return write.weight(first);
    case 'cr':
      return write.climbRate(first);
    default:
      return null;
  }
}

const TOKEN = /\uE000([a-z]+):([^\uE000\uE001]*)\uE001/g;

/** `text` with its tokens written in `units`; text without tokens is returned as it is. */
export function renderUnits(text: string, units: UnitSystem): string {
  if (!text.includes(OPEN)) return text;
  return text.replace(TOKEN, (whole, kind: string, body: string) => tokenText(kind, body, units) ?? whole);
}

/** Whether `text` holds a token. */
export const hasUnitTokens = (text: string): boolean => text.includes(OPEN);

/**
 * Every string in a JSON value (a stored plan, a session) rendered in `units`; numbers, booleans
 * and keys are kept. A new value: the stored one is not changed.
 */
export function renderUnitsDeep<T>(value: T, units: UnitSystem): T {
  if (typeof value === 'string') return renderUnits(value, units) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => renderUnitsDeep(item, units)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renderUnitsDeep(item, units)])) as T;
  }
  return value;
}

/** Text the athlete typed, made safe to write beside tokens: it can hold none (its delimiters are dropped). */
export function athleteText(text: string): string {
  return text.replace(/[\uE000\uE001]/g, '');
}
