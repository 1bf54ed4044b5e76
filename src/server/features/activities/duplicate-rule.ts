import { sportFamilyOf } from '../../../shared/domain/sport-family.ts';

/**
 * When two recordings are the same real-world activity (the FIT and the TCX of one run, an upload
 * and Strava's copy of it): same sport family, starts at most DUPLICATE_START_TOLERANCE_S apart,
 * and their time spans overlap by at least DUPLICATE_MIN_OVERLAP of the longer one. Exports of one
 * recording start within seconds of each other (devices and services round differently, a privacy
 * zone trims the first minute); two sessions of one day never share 80 % of their time.
 * See docs/decisions/0013-activity-duplicates.md.
 */
export const DUPLICATE_START_TOLERANCE_S = 120;
export const DUPLICATE_MIN_OVERLAP = 0.8;

export interface RecordedSpan {
  sportType: string;
  startDate: Date;
  /** Wall-clock seconds; 0 when the source did not say (moving time stands in). */
  elapsedTime: number;
  movingTime: number;
}

function interval(span: RecordedSpan): { startMs: number; endMs: number } {
  const durationS = span.elapsedTime > 0 ? span.elapsedTime : span.movingTime;
  const startMs = span.startDate.getTime();
  return { startMs, endMs: startMs + Math.max(0, durationS) * 1000 };
}

/** Sport families group Run with TrailRun, Ride with VirtualRide…; "other" sports must match exactly. */
function sameSport(a: string, b: string): boolean {
  const family = sportFamilyOf(a);
  if (family !== sportFamilyOf(b)) return false;
  return family !== 'other' || a === b;
}

export function isSameActivity(a: RecordedSpan, b: RecordedSpan): boolean {
  if (!sameSport(a.sportType, b.sportType)) return false;
  const first = interval(a);
  const second = interval(b);
  if (Math.abs(first.startMs - second.startMs) > DUPLICATE_START_TOLERANCE_S * 1000) return false;
  const longestMs = Math.max(first.endMs - first.startMs, second.endMs - second.startMs);
  // Two recordings without any duration: the start alone decides.
  if (longestMs === 0) return true;
  const overlapMs = Math.min(first.endMs, second.endMs) - Math.max(first.startMs, second.startMs);
  return overlapMs / longestMs >= DUPLICATE_MIN_OVERLAP;
}
