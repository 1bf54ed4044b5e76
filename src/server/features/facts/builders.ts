import { computeCriticalPower } from '../../../metrics/critical-power.ts';
import type { FitnessDay } from '../../../metrics/fitness.ts';
import { POWER_CURVE_GRID_S } from '../../../metrics/power-curve-grid.ts';
import type { AskSource } from '../../../shared/api/coach-conversations.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import type { FactOrigin } from '../../ai/provenance.ts';
import { figureOrigins, scoreOrigins, type FactActivity } from './activities.ts';
import { fact, type DayWindow, type Fact } from './fact.ts';
import { fitnessAt, fitnessChange } from './fitness.ts';
import { sessionTotals, sumKnown } from './totals.ts';
import { epochDay, distance, duration, elevation, percent, quantity, ratio, score, watts } from './format.ts';

/**
 * The fact builders: each figure of the athlete's data computed and worded once, from stored
 * activities and series, for every reader (Ask Kai, the MCP tools, the exports). A figure with no
 * recording behind it is absent, never 0.
 */

export type FamilyOrAll = FactActivity['family'] | 'all';

export const inWindow = (rows: readonly FactActivity[], window: DayWindow): FactActivity[] =>
  rows.filter((row) => row.day >= window.from && row.day <= window.to);

export const ofFamily = (rows: readonly FactActivity[], family: FamilyOrAll): FactActivity[] =>
  family === 'all' ? [...rows] : rows.filter((row) => row.family === family);

const FAMILY_WORDS: Record<FamilyOrAll, { noun: string; plural: string }> = {
  all: { noun: 'activity', plural: 'activities' },
  ride: { noun: 'ride', plural: 'rides' },
  run: { noun: 'run', plural: 'runs' },
  hike: { noun: 'hike', plural: 'hikes' },
  workout: { noun: 'workout', plural: 'workouts' },
  other: { noun: 'other activity', plural: 'other activities' },
};
export const familyWords = (family: FamilyOrAll) => FAMILY_WORDS[family];

const originsOf = (rows: readonly FactActivity[], of: (row: FactActivity) => FactOrigin[]): FactOrigin[] => rows.flatMap(of);

export const ACTIVITY_SOURCE_LABEL = 'Your activities';

export interface VolumeFacts {
  family: FamilyOrAll;
  window: DayWindow;
  sessions: Fact;
  time: Fact;
  distance: Fact | null;
  elevation: Fact | null;
  load: Fact | null;
}

/** Sessions, moving time, distance, elevation gain and training load of one sport (or all) over a window: sums over the activity list. */
export function volumeFacts(rows: readonly FactActivity[], family: FamilyOrAll, window: DayWindow, units: UnitSystem): VolumeFacts {
  const chosen = ofFamily(inWindow(rows, window), family);
  const key = (figure: string) => `volume.${family}.${figure}`;
  const words = familyWords(family);
  const figures = originsOf(chosen, figureOrigins);
  const totals = sessionTotals(chosen, words.noun, words.plural);
  const distanceM = sumKnown(chosen.map((row) => row.distanceM));
  const elevationM = sumKnown(chosen.map((row) => row.elevationGainM));
  return {
    family,
    window,
    sessions: fact(key('sessions'), `Number of ${words.plural}`, totals.sessions, '', window, ACTIVITY_SOURCE_LABEL, figures),
    time: fact(key('time'), 'Moving time', totals.movingTime, 's', window, ACTIVITY_SOURCE_LABEL, figures),
    distance: distanceM === null ? null : fact(key('distance'), 'Distance', distance(distanceM, units), 'm', window, ACTIVITY_SOURCE_LABEL, figures),
    elevation: elevationM === null ? null : fact(key('elevation'), 'Elevation gain', elevation(elevationM, units), 'm', window, ACTIVITY_SOURCE_LABEL, figures),
    load: totals.load === null ? null : fact(key('load'), 'Training load', totals.load, 'TSS', window, ACTIVITY_SOURCE_LABEL, originsOf(chosen, scoreOrigins)),
  };
}

export const volumeFactList = (volume: VolumeFacts): Fact[] =>
  [volume.sessions, volume.time, volume.distance, volume.elevation, volume.load].filter((entry): entry is Fact => entry !== null);

/** The best power held for `durationS` (a grid duration) in the window, the activity it came from, and its day. */
export interface BestPower {
  power: Fact;
  date: Fact;
  activity: FactActivity;
}

export function bestPowerFacts(rows: readonly FactActivity[], durationS: number, window: DayWindow): BestPower | null {
  const k = POWER_CURVE_GRID_S.indexOf(durationS);
  if (k < 0) return null;
  let best: { watts: number; activity: FactActivity } | null = null;
  for (const row of inWindow(rows, window)) {
    const value = row.powerCurveW?.[k];
    if (value !== undefined && value > 0 && (best === null || value > best.watts)) best = { watts: value, activity: row };
  }
  if (best === null) return null;
  const label = `Best ${durationWords(durationS)} power`;
  const origins = figureOrigins(best.activity);
  return {
    power: fact(`power.best.${durationS}s`, label, watts(best.watts), 'W', window, best.activity.name, origins),
    date: fact(`power.best.${durationS}s.date`, `Day of the ${label.toLowerCase()}`, epochDay(best.activity.day), 'day', window, best.activity.name, origins),
    activity: best.activity,
  };
}

/** A duration as a label says it: '5-min', '20-min', '1-hour', '30-s'. */
export function durationWords(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600}-hour`;
  if (seconds % 60 === 0) return `${seconds / 60}-min`;
  return `${seconds}-s`;
}

/** The best power-duration curve over the window: at each grid duration, the best of the activities' stored curves. */
export function bestCurve(rows: readonly FactActivity[], window: DayWindow): { watts: number[]; activities: FactActivity[] } {
  const watts: number[] = [];
  const used: FactActivity[] = [];
  for (const row of inWindow(rows, window)) {
    if (!row.powerCurveW) continue;
    used.push(row);
    row.powerCurveW.forEach((value, k) => {
      watts[k] = Math.max(watts[k] ?? 0, value);
    });
  }
  return { watts, activities: used };
}

/** Critical power and W′ of the two-parameter model fitted to the window's best curve (3–20 min); null when it does not fit. */
export function criticalPowerFacts(rows: readonly FactActivity[], window: DayWindow): { cp: Fact; wPrime: Fact } | null {
  const curve = bestCurve(rows, window);
  const fit = computeCriticalPower({ durationsS: POWER_CURVE_GRID_S.slice(0, curve.watts.length), watts: curve.watts });
  if (!fit) return null;
  const origins = originsOf(curve.activities, figureOrigins);
  const wPrimeKj = quantity(Math.round(fit.wPrimeJ), `${(fit.wPrimeJ / 1000).toFixed(1)} kJ`);
  return {
    cp: fact('cp.estimate', 'Critical power', watts(fit.criticalPowerW), 'W', window, 'Best power curve', origins),
    wPrime: fact('wprime.estimate', 'W′ (work above critical power)', wPrimeKj, 'J', window, 'Best power curve', origins),
  };
}

/**
 * The fitness series on one day as of its morning, as every screen shows a day (ADR 0071): fitness
 * and fatigue at the end of the day before, whole, and form their difference, so the three always
 * add up.
 */
export function fitnessFacts(series: readonly FitnessDay[], day: string, origins: readonly FactOrigin[]): { ctl: Fact; atl: Fact; tsb: Fact; entry: FitnessDay; form: number } | null {
  const entry = series.find((candidate) => candidate.date === day);
  if (!entry) return null;
  const window = { from: day, to: day };
  const shown = fitnessAt(entry, 'morning');
  return {
    ctl: fact('fitness.ctl', 'Fitness (CTL), this morning', shown.fitness, 'TSS', window, 'Fitness series', origins),
    atl: fact('fitness.atl', 'Fatigue (ATL), this morning', shown.fatigue, 'TSS', window, 'Fitness series', origins),
    tsb: fact('fitness.tsb', 'Form (TSB = fitness − fatigue), this morning', shown.form, 'TSS', window, 'Fitness series', origins),
    entry,
    form: shown.form.value,
  };
}

/** How far fitness moved over the window: fitness on the morning of its last day minus on the morning of its first. */
export function fitnessChangeFact(series: readonly FitnessDay[], window: DayWindow, origins: readonly FactOrigin[]): Fact | null {
  const start = series.find((entry) => entry.date === window.from);
  const end = series.find((entry) => entry.date === window.to);
  if (!start || !end) return null;
  return fact('fitness.ctl.change', 'Change in fitness (CTL)', fitnessChange(start, end, 'morning'), 'TSS', window, 'Fitness series', origins);
}

export interface ZoneTimes {
  kind: 'hr' | 'power';
  facts: Fact[];
  /** Seconds per zone, zone 1 first. */
  seconds: number[];
  activities: FactActivity[];
}

/** Time in each heart-rate or power zone over the window, summed over the activities that recorded it, with each zone's share. */
export function zoneTimeFacts(rows: readonly FactActivity[], kind: 'hr' | 'power', window: DayWindow, family: FamilyOrAll): ZoneTimes | null {
  const recorded = ofFamily(inWindow(rows, window), family).filter((row) => (kind === 'hr' ? row.hrZoneSeconds : row.powerZoneSeconds) !== null);
  if (recorded.length === 0) return null;
  const seconds: number[] = [];
  for (const row of recorded) {
    (kind === 'hr' ? row.hrZoneSeconds! : row.powerZoneSeconds!).forEach((value, k) => {
      seconds[k] = (seconds[k] ?? 0) + value;
    });
  }
  const total = seconds.reduce((sum, value) => sum + value, 0);
  if (total <= 0) return null;
  const origins = originsOf(recorded, scoreOrigins);
  const name = kind === 'hr' ? 'heart-rate' : 'power';
  const facts = seconds.flatMap((value, k) => [
    fact(`zones.${kind}.z${k + 1}.time`, `Time in ${name} zone ${k + 1}`, duration(value), 's', window, ACTIVITY_SOURCE_LABEL, origins),
    fact(`zones.${kind}.z${k + 1}.share`, `Share in ${name} zone ${k + 1}`, percent((value / total) * 100), '%', window, ACTIVITY_SOURCE_LABEL, origins),
  ]);
  return { kind, facts, seconds, activities: recorded };
}

/** Mean aerobic decoupling and efficiency factor over the window's activities that have them. */
export function aerobicFacts(rows: readonly FactActivity[], window: DayWindow, family: FamilyOrAll): { decoupling: Fact | null; ef: Fact | null; activities: FactActivity[] } {
  const chosen = ofFamily(inWindow(rows, window), family);
  const decoupled = chosen.filter((row) => row.decouplingPct !== null);
  const efficient = chosen.filter((row) => row.efficiencyFactor !== null);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    decoupling:
      decoupled.length === 0
        ? null
        : fact('decoupling.average', 'Average aerobic decoupling', percent(mean(decoupled.map((row) => row.decouplingPct!)), 1), '%', window, ACTIVITY_SOURCE_LABEL, originsOf(decoupled, figureOrigins)),
    ef:
      efficient.length === 0
        ? null
        : fact('ef.average', 'Average efficiency factor', ratio(mean(efficient.map((row) => row.efficiencyFactor!))), '', window, ACTIVITY_SOURCE_LABEL, originsOf(efficient, figureOrigins)),
    activities: [...new Map([...decoupled, ...efficient].map((row) => [row.id, row])).values()],
  };
}

/** The window's longest activity by moving time and hardest by training load (of one sport or all). */
export function extremesFacts(rows: readonly FactActivity[], window: DayWindow, family: FamilyOrAll): { longest: { fact: Fact; activity: FactActivity } | null; hardest: { fact: Fact; activity: FactActivity } | null } {
  const chosen = ofFamily(inWindow(rows, window), family);
  const longest = chosen.reduce<FactActivity | null>((best, row) => (best === null || row.movingTimeS > best.movingTimeS ? row : best), null);
  const loaded = chosen.filter((row) => row.trainingLoad !== null);
  const hardest = loaded.reduce<FactActivity | null>((best, row) => (best === null || row.trainingLoad! > best.trainingLoad! ? row : best), null);
  return {
    longest: longest && { fact: fact('activity.longest.time', 'Longest activity', duration(longest.movingTimeS), 's', window, longest.name, figureOrigins(longest)), activity: longest },
    hardest: hardest && { fact: fact('activity.hardest.load', 'Hardest activity (training load)', score(hardest.trainingLoad!), 'TSS', window, hardest.name, scoreOrigins(hardest)), activity: hardest },
  };
}

export const activitySource = (activity: FactActivity, metric?: string): AskSource => ({
  kind: 'activity',
  label: activity.name,
  activityId: activity.id,
  from: activity.day,
  to: activity.day,
  ...(metric ? { metric } : {}),
});

export const periodSource = (label: string, window: DayWindow, metric?: string): AskSource => ({
  kind: 'period',
  label,
  from: window.from,
  to: window.to,
  ...(metric ? { metric } : {}),
});
