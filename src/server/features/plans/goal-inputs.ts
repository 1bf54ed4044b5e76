import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { FEET_PER_METRE, formatDurationWords, formatLimit, METRES_PER_MILE } from '../../../shared/format.ts';

/**
 * The plan form's free-text fields read as numbers: what the athlete typed, in the units Kairo
 * computes in. Each reader answers null when the text holds no such number, so an absent figure
 * stays absent; the bounds say what a plan can be built for (ADR 0030).
 */

/** The longest single event a plan is built for: longer distances are refused with this limit. */
export const MAX_EVENT_DISTANCE_KM = 5000;
export const MAX_EVENT_ELEVATION_M = 100_000;
/** No week holds more training than this; a larger weekly time is refused. */
export const MAX_WEEKLY_MINUTES = 40 * 60;

const round5 = (minutes: number) => Math.max(0, Math.round(minutes / 5) * 5);
export { round5 };

/** A plan's minutes as people read them, in the one formatting module's words: '1 h 30 min', '45 min'. */
export const minutesInWords = (minutes: number): string => formatDurationWords(Math.round(minutes) * 60);

/**
 * The first number of a typed text: '1,800' (thousands grouped, as Kairo writes them and a
 * profile card prefills them) is 1800, while '42,2' (a decimal comma) is 42.2.
 */
function firstNumber(text: string): number | null {
  const match = /(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)/.exec(text)?.[1];
  if (!match) return null;
  return Number(/,\d{3}(\D|$)/.test(match) ? match.replace(/,/g, '') : match.replace(',', '.'));
}

/** A distance as typed: '100 km', '62 mi', '42.2', 'marathon'; in kilometres. */
export function parseDistanceKm(text: string | null | undefined): number | null {
  if (!text) return null;
  const lower = text.toLowerCase();
  const value = firstNumber(lower);
  if (value !== null) {
    if (/\b(mi|mile|miles)\b/.test(lower)) return (value * METRES_PER_MILE) / 1000;
    if (/\d\s*k\b/.test(lower)) return value;
    if (/\d\s*m\b|metres|meters/.test(lower) && value >= 400) return value / 1000;
    return value > 0 ? value : null;
  }
  if (lower.includes('half')) return 21.1;
  if (lower.includes('marathon')) return 42.2;
  return null;
}

/** An elevation as typed: '1500 m', '4000 ft'; in metres. */
export function parseElevationM(text: string | null | undefined): number | null {
  if (!text) return null;
  const value = firstNumber(text);
  if (value === null) return null;
  return /ft|feet/i.test(text) ? value / FEET_PER_METRE : value;
}

/** Weekly training time as typed: '8 hours', '6-8 h', '450 min', '7'; the lower bound, in minutes. */
export function parseWeeklyMinutes(text: string | null | undefined): number | null {
  if (!text) return null;
  const number = /(\d+(?:[.,]\d+)?)/.exec(text);
  if (!number?.[1]) return null;
  const value = Number(number[1].replace(',', '.'));
  if (!(value > 0)) return null;
  if (/min/i.test(text)) return value;
  // A bare number is hours unless no week could hold that many.
  return /h/i.test(text) || value <= 40 ? value * 60 : value;
}

export function parseFtpW(text: string | null | undefined): number | null {
  const number = text ? /(\d{2,4})/.exec(text) : null;
  const value = number?.[1] ? Number(number[1]) : null;
  return value !== null && value >= 50 && value <= 700 ? value : null;
}

/**
 * Why the typed distance, climbing or weekly time is beyond what a plan is built for; null when all
 * fit. The limits are said in the athlete's units (ADR 0026), by the one formatting module.
 */
export function goalInputProblem(
  input: {
    eventDistance?: string | null;
    prDistance?: string | null;
    eventElevation?: string | null;
    prElevation?: string | null;
    weeklyTrainingTime?: string | null;
  },
  units: UnitSystem,
): string | null {
  for (const text of [input.eventDistance, input.prDistance]) {
    const km = parseDistanceKm(text);
    if (km !== null && !(km <= MAX_EVENT_DISTANCE_KM)) return `The distance must be at most ${formatLimit('distance', MAX_EVENT_DISTANCE_KM * 1000, units)}.`;
  }
  for (const text of [input.eventElevation, input.prElevation]) {
    const metres = parseElevationM(text);
    if (metres !== null && !(metres <= MAX_EVENT_ELEVATION_M)) return `The elevation must be at most ${formatLimit('elevation', MAX_EVENT_ELEVATION_M, units)}.`;
  }
  const weekly = parseWeeklyMinutes(input.weeklyTrainingTime);
  if (weekly !== null && !(weekly <= MAX_WEEKLY_MINUTES)) return `The weekly training time must be at most ${MAX_WEEKLY_MINUTES / 60} hours.`;
  return null;
}
