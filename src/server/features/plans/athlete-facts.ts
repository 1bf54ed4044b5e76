import type { SportFamily } from '../../../metrics/training-load.ts';

/**
 * What a plan is built from: the athlete's recent training as measured (spec §1: the last 30
 * activities), never guessed. Every number the generator writes comes from here, from the
 * athlete's own inputs, or from a rule it states as an assumption.
 */
export interface AthleteFacts {
  /** Activities counted: the last 30 of the last RECENT_WINDOW_DAYS days. */
  activityCount: number;
  /** Average weekly moving time over the last 4 weeks. */
  weeklyMinutes: number;
  weeklySessions: number;
  /** Longest single session of the last 4 weeks. */
  longestSessionMin: number;
  /** Average weekly training load over the last 4 weeks; null when no load was computed. */
  weeklyLoad: number | null;
  /** Fitness (CTL), fatigue (ATL) and form (TSB) today; null without any load. */
  fitness: { ctl: number; atl: number; tsb: number } | null;
  /** Longest single session per sport family of the last 4 weeks: a hike is not a run's longest session. */
  longestMinBySport: Partial<Record<SportFamily, number>>;
  /** Moving minutes per sport family over the last 4 weeks. */
  minutesBySport: Partial<Record<SportFamily, number>>;
  /** Average speed of the recent rides and runs (m/s), for time estimates; null without them. */
  averageSpeedMps: Partial<Record<'ride' | 'run', number>>;
  /** The effective FTP (ADR 0025), or the one typed into the plan form. */
  ftp: { watts: number; source: 'athlete' | 'strava' | 'estimate' } | null;
  /** The effective run threshold pace (ADR 0025), seconds per km; null when none is known. */
  thresholdPaceSPerKm: number | null;
}

export const RECENT_WINDOW_DAYS = 90;
export const RECENT_ACTIVITY_LIMIT = 30;
export const VOLUME_WINDOW_DAYS = 28;

export interface LoggedActivity {
  family: SportFamily;
  startDate: Date;
  movingTimeS: number;
  distanceM: number;
  trainingLoad: number | null;
}

/** The facts of a training log (oldest first) as of `now`. */
export function summariseTraining(
  log: readonly LoggedActivity[],
  now: Date,
  extra: { fitness: AthleteFacts['fitness']; ftp: AthleteFacts['ftp']; thresholdPaceSPerKm?: number | null },
): AthleteFacts {
  const recent = log.slice(-RECENT_ACTIVITY_LIMIT);
  const volumeFrom = now.getTime() - VOLUME_WINDOW_DAYS * 86_400_000;
  const lastFourWeeks = recent.filter((entry) => entry.startDate.getTime() >= volumeFrom);
  const weeks = VOLUME_WINDOW_DAYS / 7;
  const minutes = (entries: readonly LoggedActivity[]) => entries.reduce((sum, entry) => sum + entry.movingTimeS, 0) / 60;
  const minutesBySport: AthleteFacts['minutesBySport'] = {};
  const longestMinBySport: AthleteFacts['longestMinBySport'] = {};
  for (const entry of lastFourWeeks) {
    minutesBySport[entry.family] = (minutesBySport[entry.family] ?? 0) + entry.movingTimeS / 60;
    longestMinBySport[entry.family] = Math.max(longestMinBySport[entry.family] ?? 0, Math.round(entry.movingTimeS / 60));
  }
  const loads = lastFourWeeks.map((entry) => entry.trainingLoad).filter((load): load is number => load !== null);
  const averageSpeedMps: AthleteFacts['averageSpeedMps'] = {};
  for (const family of ['ride', 'run'] as const) {
    const entries = recent.filter((entry) => entry.family === family && entry.movingTimeS > 0 && entry.distanceM > 0);
    const seconds = entries.reduce((sum, entry) => sum + entry.movingTimeS, 0);
    if (seconds > 0) averageSpeedMps[family] = entries.reduce((sum, entry) => sum + entry.distanceM, 0) / seconds;
  }
  return {
    activityCount: recent.length,
    weeklyMinutes: Math.round(minutes(lastFourWeeks) / weeks),
    weeklySessions: Math.round((lastFourWeeks.length / weeks) * 10) / 10,
    longestSessionMin: Math.round(Math.max(0, ...lastFourWeeks.map((entry) => entry.movingTimeS / 60))),
    weeklyLoad: loads.length > 0 ? Math.round(loads.reduce((sum, load) => sum + load, 0) / weeks) : null,
    fitness: extra.fitness,
    longestMinBySport,
    minutesBySport,
    averageSpeedMps,
    ftp: extra.ftp,
    thresholdPaceSPerKm: extra.thresholdPaceSPerKm ?? null,
  };
}
