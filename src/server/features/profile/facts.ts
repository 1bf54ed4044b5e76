import { morningFitness } from '../../../metrics/fitness.ts';
import { POWER_CURVE_GRID_S } from '../../../metrics/power-curve-grid.ts';
import { wattsPerKg } from '../../../metrics/power-to-weight.ts';
import type { SportFamily } from '../../../metrics/training-load.ts';
import type { ActivitySourceName } from '../../../shared/api/activities.ts';
import { PROFILE_ACTIVITY_LIMIT } from '../../../shared/api/athletic-profile.ts';
import { VOLUME_WINDOW_DAYS, type AthleteFacts, type LoggedActivity } from '../plans/index.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatClock, formatDistance, formatDurationWords, formatElevation, formatPace, measureText } from '../../../shared/format.ts';
import { DAY_MS } from '../../../shared/time.ts';

/**
 * What the athletic profile is written from: the athlete's last 30 activities, measured, never
 * guessed (spec §1, §3). Every value is already rounded the way the profile writes it, so a text
 * built from these facts quotes them exactly and a grounding check can hold it to them; distances,
 * climbing and paces are written in the athlete's units by the one formatting module ('12.3 km'
 * or '7.6 mi', '412 m' or '1,352 ft', '5:01 /km' or '8:04 /mi').
 */
export interface ProfileActivity extends LoggedActivity {
  source: ActivitySourceName;
  elevationGainM: number;
  /** Seconds in the 7 power zones, when the activity has measured power and an FTP. */
  powerZoneSeconds: readonly number[] | null;
  /** Seconds in the 5 heart-rate zones, when the activity has heart rate. */
  hrZoneSeconds: readonly number[] | null;
  /** Power-duration curve on POWER_CURVE_GRID_S; empty without measured power. */
  powerCurveW: readonly number[];
  /** Fastest times over standard distances (runs). */
  bestEfforts: readonly { distanceM: number; elapsedS: number }[];
  /** The sources of the activities its estimated thresholds (FTP, max heart rate) were read from. */
  thresholdSources: readonly ActivitySourceName[];
}

export interface SportFacts {
  family: SportFamily;
  sessions: number;
  hours: number;
  /** In the athlete's units: '312.4 km', '194.1 mi'. */
  distance: string;
  /** Share of the window's moving time, in %. */
  sharePct: number;
}

export interface RunBest {
  /** The distance as runners name it: '5 km' (metric), '5K' (imperial), 'half marathon'. */
  label: string;
  /** In the athlete's units: '5.0 km', '3.1 mi'. */
  distance: string;
  time: string;
  /** Per km or per mile: '5:01 /km', '8:04 /mi'. */
  pace: string;
}

export interface PowerBest {
  label: string;
  durationS: number;
  watts: number;
}

export interface HalfFacts {
  weeklyHours: number;
  /** Null when no load was computed for the half. */
  weeklyLoad: number | null;
  /** Best power over TREND_POWER_DURATION_S in the half. */
  bestPowerW: number | null;
  /** Per km or per mile: '5:12 /km'. */
  runPace: string | null;
}

export interface ProfileFacts {
  /** The athlete's unit system, which every distance, climb and pace below is written in. */
  units: UnitSystem;
  activityLimit: number;
  activityCount: number;
  /** Where the activities came from (what an LLM prompt may contain depends on it). */
  sources: ActivitySourceName[];
  /** The dates of the oldest and newest activity read, and the weeks between them (at least 1). */
  window: { from: string; to: string; weeks: number } | null;
  volume: { weeklyHours: number; weeklySessions: number; totalHours: number; totalDistance: string; totalElevation: string } | null;
  /** By moving time, most first. */
  sports: SportFacts[];
  /** The longest ride or run (any activity when there is neither). */
  longestSession: { family: SportFamily; duration: string; minutes: number; distance: string } | null;
  /** The longest ride and run in km, for choosing goals and events (their texts are in the athlete's units). */
  longestRideKm: number | null;
  longestRunKm: number | null;
  /** The same two in the athlete's units, as the texts quote them: '67.8 km', '42.1 mi'. */
  longestRide: string | null;
  longestRun: string | null;
  /** Time in zones over the activities that measured it: easy (Z1-Z2), moderate (Z3), hard (Z4 and above), in %. */
  intensity: { hoursMeasured: number; easyPct: number; moderatePct: number; hardPct: number } | null;
  power: {
    /** Best power over the landmark durations, those the rides reached. */
    bests: PowerBest[];
    ftpW: number | null;
    ftpSource: 'athlete' | 'strava' | 'estimate' | null;
    weightKg: number | null;
    ftpWPerKg: number | null;
  } | null;
  run: { averagePace: string | null; bests: RunBest[] } | null;
  /** The first half of the window against the second (null when it is too short to compare). */
  trends: { first: HalfFacts; second: HalfFacts; volumeChangePct: number; loadChangePct: number | null; powerLabel: string } | null;
  /**
   * The last 4 weeks as the training plans read them, with fitness (CTL), fatigue (ATL) and form
   * (TSB) as of the morning of `fitnessOn` (ADR 0071: whole figures, form = fitness − fatigue, as
   * every screen shows them); `fitnessOn` is absent in facts written before it was kept.
   */
  recent: { weeks: number; weeklyHours: number; weeklySessions: number; fitness: AthleteFacts['fitness']; fitnessOn?: string | null };
}

/** The day's stored fitness as of its morning, as every screen shows it (ADR 0071): 67, 71 and −4, never −3. */
function morningFacts(day: { ctl: number; atl: number; tsb: number }): { ctl: number; atl: number; tsb: number } {
  const { fitness, fatigue, form } = morningFitness(day);
  return { ctl: fitness, atl: fatigue, tsb: form };
}

/** A window shorter than this, or a half with fewer activities, has no trend worth a sentence. */
const MIN_TREND_DAYS = 14;
const MIN_TREND_ACTIVITIES = 2;
const POWER_LANDMARKS = [
  { durationS: 5, label: '5 s' },
  { durationS: 60, label: '1 min' },
  { durationS: 300, label: '5 min' },
  { durationS: 1200, label: '20 min' },
] as const;
const TREND_POWER = POWER_LANDMARKS[2];
/** Best-effort distances with the names runners give them in each unit system ('5K' is a race's name in miles too). */
const RUN_DISTANCES = [
  { distanceM: 1000, label: { metric: '1 km', imperial: '1K' } },
  { distanceM: 5000, label: { metric: '5 km', imperial: '5K' } },
  { distanceM: 10000, label: { metric: '10 km', imperial: '10K' } },
  { distanceM: 21097.5, label: { metric: 'half marathon', imperial: 'half marathon' } },
] as const;

const round = (value: number, digits = 0) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
const hours = (seconds: number) => round(seconds / 3600, 1);
const km = (metres: number) => round(metres / 1000, 1);
const distanceIn = (metres: number, units: UnitSystem) => measureText(formatDistance(metres, units));
const paceIn = (secondsPerKm: number, units: UnitSystem) => measureText(formatPace(secondsPerKm, units));
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function bestOnGrid(activities: readonly ProfileActivity[], durationS: number): number | null {
  const index = POWER_CURVE_GRID_S.indexOf(durationS);
  const values = activities.map((activity) => activity.powerCurveW[index]).filter((watts): watts is number => watts !== undefined && watts > 0);
  return values.length > 0 ? Math.round(Math.max(...values)) : null;
}

function sportsOf(activities: readonly ProfileActivity[], totalS: number, units: UnitSystem): SportFacts[] {
  const families = [...new Set(activities.map((activity) => activity.family))];
  return families
    .map((family) => {
      const own = activities.filter((activity) => activity.family === family);
      const seconds = sum(own.map((activity) => activity.movingTimeS));
      return {
        family,
        sessions: own.length,
        hours: hours(seconds),
        distance: distanceIn(sum(own.map((activity) => activity.distanceM)), units),
        sharePct: totalS > 0 ? Math.round((seconds / totalS) * 100) : 0,
      };
    })
    .sort((a, b) => b.hours - a.hours || b.sessions - a.sessions);
}

/** Power zones where measured (Coggan: Z1-2 easy, Z3 tempo, Z4-7 hard), else heart-rate zones (Z1-2, Z3, Z4-5). */
function intensityOf(activities: readonly ProfileActivity[]): ProfileFacts['intensity'] {
  let easy = 0;
  let moderate = 0;
  let hard = 0;
  for (const activity of activities) {
    const zones = activity.powerZoneSeconds && sum(activity.powerZoneSeconds) > 0 ? activity.powerZoneSeconds : activity.hrZoneSeconds;
    if (!zones || sum(zones) <= 0) continue;
    easy += (zones[0] ?? 0) + (zones[1] ?? 0);
    moderate += zones[2] ?? 0;
    hard += sum(zones.slice(3));
  }
  const total = easy + moderate + hard;
  if (total <= 0) return null;
  const easyPct = Math.round((easy / total) * 100);
  const hardPct = Math.round((hard / total) * 100);
  return { hoursMeasured: hours(total), easyPct, moderatePct: 100 - easyPct - hardPct, hardPct };
}

function powerOf(activities: readonly ProfileActivity[], ftp: AthleteFacts['ftp'], weightKg: number | null): ProfileFacts['power'] {
  const bests = POWER_LANDMARKS.flatMap(({ durationS, label }) => {
    const watts = bestOnGrid(activities, durationS);
    return watts === null ? [] : [{ label, durationS, watts }];
  });
  if (bests.length === 0 && !ftp) return null;
  const ftpW = ftp ? Math.round(ftp.watts) : null;
  return {
    bests,
    ftpW,
    ftpSource: ftp?.source ?? null,
    weightKg,
    ftpWPerKg: ftpW === null ? null : wattsPerKg(ftpW, weightKg),
  };
}

function paceOf(runs: readonly ProfileActivity[], units: UnitSystem): string | null {
  const moving = runs.filter((run) => run.distanceM > 0 && run.movingTimeS > 0);
  const metres = sum(moving.map((run) => run.distanceM));
  return metres > 0 ? paceIn(sum(moving.map((run) => run.movingTimeS)) / (metres / 1000), units) : null;
}

function runOf(activities: readonly ProfileActivity[], units: UnitSystem): ProfileFacts['run'] {
  const runs = activities.filter((activity) => activity.family === 'run');
  if (runs.length === 0) return null;
  const bests = RUN_DISTANCES.flatMap(({ distanceM, label }) => {
    const times = runs.flatMap((run) => run.bestEfforts.filter((effort) => Math.abs(effort.distanceM - distanceM) < 1).map((effort) => effort.elapsedS));
    if (times.length === 0) return [];
    const best = Math.min(...times);
    return [{ label: label[units], distance: distanceIn(distanceM, units), time: formatClock(best), pace: paceIn(best / (distanceM / 1000), units) }];
  });
  return { averagePace: paceOf(runs, units), bests };
}

function halfOf(activities: readonly ProfileActivity[], weeks: number, units: UnitSystem): HalfFacts {
  const loads = activities.map((activity) => activity.trainingLoad).filter((load): load is number => load !== null);
  return {
    weeklyHours: hours(sum(activities.map((activity) => activity.movingTimeS)) / weeks),
    weeklyLoad: loads.length > 0 ? Math.round(sum(loads) / weeks) : null,
    bestPowerW: bestOnGrid(activities, TREND_POWER.durationS),
    runPace: paceOf(activities.filter((activity) => activity.family === 'run'), units),
  };
}

const changePct = (before: number, after: number) => (before > 0 ? Math.round(((after - before) / before) * 100) : 0);

function trendsOf(activities: readonly ProfileActivity[], fromMs: number, toMs: number, units: UnitSystem): ProfileFacts['trends'] {
  const spanMs = toMs - fromMs;
  if (spanMs < MIN_TREND_DAYS * DAY_MS) return null;
  const middle = fromMs + spanMs / 2;
  const firstHalf = activities.filter((activity) => activity.startDate.getTime() < middle);
  const secondHalf = activities.filter((activity) => activity.startDate.getTime() >= middle);
  if (firstHalf.length < MIN_TREND_ACTIVITIES || secondHalf.length < MIN_TREND_ACTIVITIES) return null;
  const halfWeeks = spanMs / 2 / (7 * DAY_MS);
  const first = halfOf(firstHalf, halfWeeks, units);
  const second = halfOf(secondHalf, halfWeeks, units);
  return {
    first,
    second,
    volumeChangePct: changePct(first.weeklyHours, second.weeklyHours),
    loadChangePct: first.weeklyLoad !== null && second.weeklyLoad !== null ? changePct(first.weeklyLoad, second.weeklyLoad) : null,
    powerLabel: TREND_POWER.label,
  };
}

function longestOf(activities: readonly ProfileActivity[], family: SportFamily): number | null {
  const distances = activities.filter((activity) => activity.family === family).map((activity) => activity.distanceM);
  return distances.length > 0 ? km(Math.max(...distances)) : null;
}

function longestInUnits(rideKm: number | null, runKm: number | null, units: UnitSystem) {
  const text = (km: number | null) => (km === null ? null : distanceIn(km * 1000, units));
  return { longestRideKm: rideKm, longestRunKm: runKm, longestRide: text(rideKm), longestRun: text(runKm) };
}

/**
 * The facts of the athlete's last PROFILE_ACTIVITY_LIMIT activities (`log` oldest first). `recent`
 * is the plans' reading of the last 4 weeks (athlete-facts.ts), so the profile and a plan made
 * from it speak of the same volume. `sources` (what the provenance rule of a prompt reads) holds
 * every source the facts derive from: the activities', their thresholds', and `derivedFrom` (the
 * sources of facts read beyond them, such as fitness and an estimated FTP).
 */
export function profileFacts(
  log: readonly ProfileActivity[],
  recent: AthleteFacts,
  weightKg: number | null,
  derivedFrom: readonly ActivitySourceName[],
  units: UnitSystem,
  /** The day 'YYYY-MM-DD' whose morning `recent.fitness` is of (the profile's writing day). */
  fitnessOn: string | null = null,
): ProfileFacts {
  const activities = log.slice(-PROFILE_ACTIVITY_LIMIT);
  const first = activities[0];
  const last = activities.at(-1);
  const recentFacts: ProfileFacts['recent'] = {
    weeks: VOLUME_WINDOW_DAYS / 7,
    weeklyHours: round(recent.weeklyMinutes / 60, 1),
    weeklySessions: recent.weeklySessions,
    fitness: recent.fitness && morningFacts(recent.fitness),
    fitnessOn: recent.fitness ? fitnessOn : null,
  };
  const sources = [...new Set([...activities.flatMap((activity) => [activity.source, ...activity.thresholdSources]), ...derivedFrom])].sort();
  const base = { units, activityLimit: PROFILE_ACTIVITY_LIMIT, activityCount: activities.length, sources };
  if (!first || !last) {
    return { ...base, window: null, volume: null, sports: [], longestSession: null, longestRideKm: null, longestRunKm: null, longestRide: null, longestRun: null, intensity: null, power: powerOf([], recent.ftp, weightKg), run: null, trends: null, recent: recentFacts };
  }
  const fromMs = first.startDate.getTime();
  const toMs = last.startDate.getTime();
  const weeks = Math.max(1, round((toMs - fromMs + DAY_MS) / (7 * DAY_MS), 1));
  const totalS = sum(activities.map((activity) => activity.movingTimeS));
  // The longest ride or run says more about endurance than a long walk; other sports only count without either.
  const endurance = activities.filter((activity) => activity.family === 'ride' || activity.family === 'run');
  const longest = (endurance.length > 0 ? endurance : activities).reduce((best, activity) => (activity.movingTimeS > best.movingTimeS ? activity : best));
  return {
    ...base,
    window: { from: first.startDate.toISOString().slice(0, 10), to: last.startDate.toISOString().slice(0, 10), weeks },
    volume: {
      weeklyHours: hours(totalS / weeks),
      weeklySessions: round(activities.length / weeks, 1),
      totalHours: hours(totalS),
      totalDistance: distanceIn(sum(activities.map((activity) => activity.distanceM)), units),
      totalElevation: measureText(formatElevation(sum(activities.map((activity) => activity.elevationGainM)), units)),
    },
    sports: sportsOf(activities, totalS, units),
    longestSession: { family: longest.family, duration: formatDurationWords(longest.movingTimeS), minutes: Math.round(longest.movingTimeS / 60), distance: distanceIn(longest.distanceM, units) },
    ...longestInUnits(longestOf(activities, 'ride'), longestOf(activities, 'run'), units),
    intensity: intensityOf(activities),
    power: powerOf(activities, recent.ftp, weightKg),
    run: runOf(activities, units),
    trends: trendsOf(activities, fromMs, toMs, units),
    recent: recentFacts,
  };
}
