import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numbersIn } from '../../src/server/ai/numbers.ts';
import { askReply, type AskFact, type AskReply } from '../../src/shared/api/coach-conversations.ts';
import { addCalendarDays, DAY_MS } from '../../src/shared/time.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { registerPlanner, springBasePlan } from '../support/plans.ts';
import { waitForJobs } from '../support/strava.ts';
import { uploadTrainingYear } from '../support/training-year.ts';

/**
 * Ask Kai's question set (issue 28): questions as athletes phrase them, written before the
 * question parser was tuned to them, each with the facts its answer must hold. Every expected
 * value is computed here from the public API over the same seeded year (the activity list and
 * details, each activity's power curve, the best curve, the fitness series, the thresholds in
 * use, the day plan), never from the answering code. A row is a question and its expectations, so
 * a new phrasing is one more line.
 *
 * Phrasings the built-in coach does not answer yet are listed in KNOWN_MISSES: they show as todos
 * (the suite stays green) until the parser learns them and the line is removed.
 */
const KNOWN_MISSES: readonly string[] = [];

const kinds = await testDatabaseKinds();
/** The athlete's calendar day every question counts its periods from (sent as `today` with each). */
const today = new Date().toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------
// Periods as the questions name them, counted from `today` (both days included).

interface Window {
  from: string;
  to: string;
}
const year = Number(today.slice(0, 4));
const monthOf = (day: string) => Number(day.slice(5, 7));
const lastDayOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
const firstOfMonth = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-01`;
const earlier = (a: string, b: string) => (a < b ? a : b);

/** The last `n` days, today the last of them. */
const lastDays = (n: number): Window => ({ from: addCalendarDays(today, -(n - 1)), to: today });
/** The `n` days just before the last `n`. */
const daysBefore = (n: number): Window => ({ from: addCalendarDays(today, -(2 * n - 1)), to: addCalendarDays(today, -n) });
const thisYear: Window = { from: `${year}-01-01`, to: today };
const thisMonth: Window = { from: today.slice(0, 8) + '01', to: today };
const lastMonth: Window = (() => {
  const m = monthOf(today) === 1 ? 12 : monthOf(today) - 1;
  const y = monthOf(today) === 1 ? year - 1 : year;
  return { from: firstOfMonth(y, m), to: lastDayOfMonth(y, m) };
})();
/** The named month (1–12) most recently begun: this year's unless it has not started yet. */
const month = (m: number): Window => {
  const y = m <= monthOf(today) ? year : year - 1;
  return { from: firstOfMonth(y, m), to: earlier(lastDayOfMonth(y, m), today) };
};
/** From the first of the named month most recently begun up to today ("since March"). */
const since = (m: number): Window => ({ from: month(m).from, to: today });
/** Monday to Sunday: the calendar week before this one ("last week"). */
const lastWeek: Window = (() => {
  const weekday = (new Date(Date.parse(today)).getUTCDay() + 6) % 7;
  const monday = addCalendarDays(today, -weekday);
  return { from: addCalendarDays(monday, -7), to: addCalendarDays(monday, -1) };
})();
const MARCH = 3;
const SEPTEMBER = 9;
const OCTOBER = 10;
const dayNumber = (day: string) => Date.parse(day) / DAY_MS;

// ---------------------------------------------------------------------------------------------
// The athlete's data as the public API gives it.

type Family = 'ride' | 'run' | 'hike' | 'workout' | 'other';

/** The sport families of the fact keys, by Strava sport type (an independent reading of the same list). */
const FAMILY_OF_SPORT: Record<string, Family> = {
  Ride: 'ride',
  VirtualRide: 'ride',
  GravelRide: 'ride',
  MountainBikeRide: 'ride',
  Run: 'run',
  TrailRun: 'run',
  VirtualRun: 'run',
  Hike: 'hike',
  Walk: 'hike',
  Workout: 'workout',
  WeightTraining: 'workout',
};

interface Activity {
  id: string;
  day: string;
  family: Family;
  movingTimeS: number;
  distanceM: number;
  elevationM: number;
  load: number;
  np: number | null;
  ap: number | null;
  hr: number | null;
  hrZoneS: number[] | null;
  powerZoneS: number[] | null;
  decouplingPct: number | null;
  ef: number | null;
  /** Best power by duration (s), from GET /api/activities/:id/power-curve. */
  curve: Map<number, number> | null;
}

interface Seeded {
  activities: Activity[];
  fitness: Map<string, { ctl: number; atl: number; tsb: number }>;
  ftpInUseW: number;
  ftpEstimateW: number;
  plan: { firstDay: string; totalWeeks: number; sessions: { date: string; durationS: number }[] };
  /** The newest activity of each kind the "about this activity" questions open. */
  latest: { longRide: string; run: string; intervals: string };
}

const inWindow = (window: Window) => (activity: Activity) => window.from <= activity.day && activity.day <= window.to;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const mean = (values: number[]) => (values.length === 0 ? NaN : sum(values) / values.length);

function of(data: Seeded, window: Window, family: Family | 'all' = 'all'): Activity[] {
  return data.activities.filter(inWindow(window)).filter((activity) => family === 'all' || activity.family === family);
}

/** The activity with the best power for `durationS` in the window, and that power. */
function bestPower(data: Seeded, durationS: number, window: Window): { watts: number; day: string } {
  let best = { watts: -Infinity, day: '' };
  for (const activity of of(data, window, 'ride')) {
    const watts = activity.curve?.get(durationS);
    if (watts !== undefined && watts > best.watts) best = { watts, day: activity.day };
  }
  expect(best.watts, `a ride with ${durationS} s of power in ${window.from}…${window.to}`).toBeGreaterThan(0);
  return best;
}

type Measure = 'time' | 'distance' | 'elevation' | 'load' | 'sessions';
function volume(data: Seeded, family: Family | 'all', measure: Measure, window: Window): number {
  const activities = of(data, window, family);
  const values = { time: (a: Activity) => a.movingTimeS, distance: (a: Activity) => a.distanceM, elevation: (a: Activity) => a.elevationM, load: (a: Activity) => a.load, sessions: () => 1 };
  return sum(activities.map(values[measure]));
}

/** The activity with the highest `score` in the window (longest, hardest) and its id. */
function topActivity(data: Seeded, family: Family | 'all', window: Window, score: (activity: Activity) => number): { value: number; id: string } {
  const [top] = of(data, window, family).sort((a, b) => score(b) - score(a));
  expect(top, `an activity in ${window.from}…${window.to}`).toBeDefined();
  return { value: score(top!), id: top!.id };
}

function zoneSeconds(data: Seeded, kind: 'hr' | 'power', zone: number, family: Family | 'all', window: Window): { time: number; share: number } {
  const zones = of(data, window, family).flatMap((activity) => {
    const seconds = kind === 'hr' ? activity.hrZoneS : activity.powerZoneS;
    return seconds ? [seconds] : [];
  });
  const time = sum(zones.map((seconds) => seconds[zone - 1] ?? 0));
  const total = sum(zones.map(sum));
  return { time, share: total === 0 ? 0 : (100 * time) / total };
}

// ---------------------------------------------------------------------------------------------
// The question table.

/** How close a fact's value must be: the rounding its text allows. */
const TOLERANCE = {
  W: () => 1,
  s: () => 60,
  m: (value: number) => Math.max(100, Math.abs(value) * 0.01),
  J: (value: number) => Math.max(100, Math.abs(value) * 0.01),
  TSS: (value: number) => Math.max(1, Math.abs(value) * 0.005),
  score: () => 1,
  share: () => 1,
  decimalPct: () => 0.1,
  ratio: () => 0.01,
  exact: () => 0,
} as const;
type Tolerance = keyof typeof TOLERANCE;

interface ExpectedFact {
  key: string;
  /** The window the fact must state; absent where the answer chooses (per week, per month, the two sides of a change). */
  window?: Window | null;
  /** The expected value, or the values one of which it must be, given the fact itself (its window) and the answer. */
  value: (fact: AskFact, reply: AskReply) => number | number[] | Promise<number | number[]>;
  tolerance: Tolerance;
  /** At least this many facts with the key (and window): one per week, per month, per period compared. */
  atLeast?: number;
  /** Every fact with the key must lie within this window (the period the question names). */
  within?: Window;
  /** One of the facts with the key must state exactly this window (the others, a baseline the answer chose). */
  including?: Window;
  /** Only the current figure is checked: the facts without a window or with one ending today. */
  current?: boolean;
  /** The answer's sources must name this activity. */
  sourceActivity?: string;
  /** Some fact of the answer states this window: an empty window's answer still speaks of it. */
  spokenOf?: Window;
}

interface Question {
  text: string;
  /** The activity in view when the question is asked. */
  activity?: (data: Seeded) => string;
  expect: (data: Seeded) => ExpectedFact[] | 'cannot-answer';
}

const fixed = (key: string, window: Window | null | undefined, tolerance: Tolerance, value: number, extra: Partial<ExpectedFact> = {}): ExpectedFact => ({
  key,
  window,
  tolerance,
  value: () => value,
  ...extra,
});
/** A figure recomputed over whatever window the fact states. */
const perWindow = (key: string, tolerance: Tolerance, value: (window: Window) => number, extra: Partial<ExpectedFact> = {}): ExpectedFact => ({
  key,
  tolerance,
  value: (fact) => {
    expect(fact.window, `${key} states its window`).not.toBeNull();
    return value(fact.window!);
  },
  ...extra,
});

/**
 * The best power for a duration over a window: the most of the rides' own curves, and for a window
 * of the last N days also what GET /api/power-curve/best gives (Kairo's two figures may differ by
 * a watt or two: the best curve reads the curves stored on the grid).
 */
const power = (durationS: number, window: Window) => (data: Seeded): ExpectedFact[] => [
  {
    key: `power.best.${durationS}s`,
    window,
    tolerance: 'W',
    value: async () => {
      const watts = bestPower(data, durationS, window).watts;
      const days = dayNumber(today) - dayNumber(window.from) + 1;
      // The best-curve route reads up to 365 days back ("since March" on 29 February is 366).
      if (window.to !== today || days > 365) return [watts];
      const best = await athlete.get<{ durationsS: number[]; watts: number[] }>(`/api/power-curve/best?days=${days}`);
      const k = best.body.durationsS.indexOf(durationS);
      return k < 0 ? [watts] : [watts, best.body.watts[k]!];
    },
  },
];
const powerWhen = (durationS: number, window: Window) => (data: Seeded) => {
  const best = bestPower(data, durationS, window);
  return [...power(durationS, window)(data), fixed(`power.best.${durationS}s.date`, window, 'exact', dayNumber(best.day))];
};
const powerChange = (durationS: number, windows: Window[]) => (data: Seeded) => windows.flatMap((window) => power(durationS, window)(data));
/**
 * Where the window holds none of the activities asked about (this month on its first day: the
 * seeded year ends the day before today), the answer may leave the figure out or state it as 0,
 * but it still speaks of that window.
 */
function emptyOr(want: ExpectedFact, data: Seeded, family: Family | 'all', window: Window, counts: (activity: Activity) => boolean = () => true): ExpectedFact {
  return of(data, window, family).some(counts) ? want : { ...want, value: () => 0, atLeast: 0, spokenOf: window };
}
const volumeOf = (family: Family | 'all', measure: Measure, windows: Window[]) => (data: Seeded) =>
  windows.map((window) => emptyOr(fixed(`volume.${family}.${measure}`, window, measureTolerance(measure), volume(data, family, measure, window)), data, family, window));
/** Volume per week or month: at least `count` windows inside `within`, each the sum over its own days. */
const volumeEach = (family: Family | 'all', measure: Measure, count: number, within: Window) => (data: Seeded) => [
  perWindow(`volume.${family}.${measure}`, measureTolerance(measure), (window) => volume(data, family, measure, window), { atLeast: count, within }),
];
function measureTolerance(measure: Measure): Tolerance {
  return measure === 'time' ? 's' : measure === 'distance' || measure === 'elevation' ? 'm' : measure === 'load' ? 'TSS' : 'exact';
}
const longest = (family: Family | 'all', window: Window) => (data: Seeded) => {
  const top = topActivity(data, family, window, (activity) => activity.movingTimeS);
  return [fixed('activity.longest.time', window, 's', top.value, { sourceActivity: top.id })];
};
const hardest = (family: Family | 'all', window: Window) => (data: Seeded) => {
  const top = topActivity(data, family, window, (activity) => activity.load);
  return [fixed('activity.hardest.load', window, 'TSS', top.value, { sourceActivity: top.id })];
};
/**
 * A day's figures as of its morning, as every screen gives them (ADR 0071): fitness and fatigue at
 * the end of the day before (the series' entry for it), form the series' entry for the day itself.
 */
function morning(data: Seeded, day: string): { ctl: number; atl: number; tsb: number } {
  const before = data.fitness.get(addCalendarDays(day, -1));
  const on = data.fitness.get(day);
  expect(before && on, `the fitness series holds ${day} and the day before`).toBeTruthy();
  return { ctl: before!.ctl, atl: before!.atl, tsb: on!.tsb };
}
const fitnessToday = (...keys: ('ctl' | 'atl' | 'tsb')[]) => (data: Seeded) =>
  keys.map((key) => fixed(`fitness.${key}`, { from: today, to: today }, 'score', morning(data, today)[key]));
const ctlChange = (window: Window) => (data: Seeded) => [
  fixed('fitness.ctl.change', window, 'score', morning(data, window.to).ctl - morning(data, window.from).ctl),
];
/** Kairo's FTP estimate over a window: 95 % of its best 20 minutes (Coggan). */
const ftpOver = (data: Seeded, window: Window) => Math.round(0.95 * bestPower(data, 1200, window).watts);
const planProgress = (data: Seeded) => {
  const week = Math.floor((dayNumber(today) - dayNumber(data.plan.firstDay)) / 7) + 1;
  return [fixed('plan.week', undefined, 'exact', week), fixed('plan.weeks', undefined, 'exact', data.plan.totalWeeks)];
};
/** The next session is one the plan holds from today on; its duration is that day's. */
const nextSession = (data: Seeded): ExpectedFact[] => [
  { key: 'plan.next.date', tolerance: 'exact', value: () => data.plan.sessions.filter((session) => session.date >= today).map((session) => dayNumber(session.date)) },
  {
    key: 'plan.next.duration',
    tolerance: 's',
    value: (_fact, reply) => {
      const date = reply.answer.facts.find((fact) => fact.key === 'plan.next.date');
      expect(date, 'plan.next.date beside plan.next.duration').toBeDefined();
      const session = data.plan.sessions.find((entry) => dayNumber(entry.date) === date!.value);
      expect(session, 'a planned session on plan.next.date').toBeDefined();
      return session!.durationS;
    },
  },
];
const aboutActivity = (data: Seeded, id: string, keys: ('time' | 'distance' | 'load' | 'np' | 'ap' | 'hr')[]): ExpectedFact[] => {
  const activity = data.activities.find((entry) => entry.id === id)!;
  const figures = {
    time: [activity.movingTimeS, 's'],
    distance: [activity.distanceM, 'm'],
    load: [activity.load, 'TSS'],
    np: [activity.np ?? NaN, 'W'],
    ap: [activity.ap ?? NaN, 'W'],
    hr: [activity.hr ?? NaN, 'score'],
  } as const;
  return keys.map((key) => fixed(`activity.${key}`, undefined, figures[key][1], figures[key][0], { sourceActivity: id }));
};
const ready = fitnessToday('tsb');
const cannotAnswer = () => 'cannot-answer' as const;

/** Questions asked each in a conversation of its own. */
const QUESTIONS: Question[] = [
  // Fitness, fatigue, form and their trend.
  { text: "What's my fitness right now?", expect: fitnessToday('ctl') },
  { text: 'How fatigued am I at the moment?', expect: fitnessToday('atl') },
  { text: 'whats my form today', expect: fitnessToday('tsb') },
  { text: 'Show me my CTL, ATL and TSB', expect: fitnessToday('ctl', 'atl', 'tsb') },
  { text: 'Is my fitness trending up over the last 6 weeks?', expect: ctlChange(lastDays(42)) },
  { text: 'How much has my chronic training load changed since March?', expect: ctlChange(since(MARCH)) },

  // Best power for a duration, when, and its change.
  { text: "What's my best 5 min power in the last 90 days?", expect: power(300, lastDays(90)) },
  { text: 'best five minutes of power over the past 30 days', expect: power(300, lastDays(30)) },
  { text: 'Highest 300 s power this year?', expect: power(300, thisYear) },
  { text: 'What is my 5-minute peak power since March?', expect: power(300, since(MARCH)) },
  { text: 'best 20min watts in the last 6 weeks', expect: power(1200, lastDays(42)) },
  { text: "What's the most I've held for one minute on the bike this year?", expect: power(60, thisYear) },
  { text: 'top 5 sec sprint power in the last 90 days?', expect: power(5, lastDays(90)) },
  { text: 'When did I set my best 20-minute power this year?', expect: powerWhen(1200, thisYear) },
  { text: 'When was my best hour of power in the past 30 days?', expect: powerWhen(3600, lastDays(30)) },
  {
    text: 'How has my best 5-minute power changed in the last 6 weeks compared with the 6 weeks before?',
    expect: powerChange(300, [lastDays(42), daysBefore(42)]),
  },
  { text: 'Compare my 20 minute power over the last 4 weeks with the 4 weeks before', expect: powerChange(1200, [lastDays(28), daysBefore(28)]) },

  // FTP, critical power, W′ and their change.
  { text: "What's my FTP?", expect: (data) => [fixed('ftp.inUse', undefined, 'W', data.ftpInUseW)] },
  { text: 'Which FTP are my training scores using?', expect: (data) => [fixed('ftp.inUse', undefined, 'W', data.ftpInUseW)] },
  {
    text: 'What do you estimate my threshold power is?',
    expect: (data) => [fixed('ftp.estimate', undefined, 'W', data.ftpEstimateW, { current: true })],
  },
  {
    text: 'What is my critical power?',
    expect: () => [{ key: 'cp.estimate', tolerance: 'W', value: (fact) => criticalPowerOver(fact, 'criticalPowerW') }],
  },
  {
    text: "How big is my W′?",
    expect: () => [{ key: 'wprime.estimate', tolerance: 'J', value: (fact) => criticalPowerOver(fact, 'wPrimeJ') }],
  },
  {
    text: 'Has my FTP gone up since March?',
    // Beside since March, the span before it, where the seeded year reaches back into it (on 29 February it does not: "since March" is the whole year).
    expect: (data) => {
      const before = { from: addCalendarDays(since(MARCH).from, -(dayNumber(today) - dayNumber(since(MARCH).from) + 1)), to: addCalendarDays(since(MARCH).from, -1) };
      const ridesBefore = of(data, before, 'ride').some((activity) => activity.curve?.has(1200));
      return [perWindow('ftp.estimate', 'W', (window) => ftpOver(data, window), { atLeast: ridesBefore ? 2 : 1, including: since(MARCH) })];
    },
  },

  // Volume by week or month per sport.
  { text: 'How many hours did I ride last week?', expect: volumeOf('ride', 'time', [lastWeek]) },
  { text: 'How far did I run this month?', expect: volumeOf('run', 'distance', [thisMonth]) },
  { text: 'How much climbing have I done on the bike since March?', expect: volumeOf('ride', 'elevation', [since(MARCH)]) },
  { text: 'How many training sessions did I do in October?', expect: volumeOf('all', 'sessions', [month(OCTOBER)]) },
  { text: 'Weekly cycling hours for the last 4 weeks', expect: volumeEach('ride', 'time', 4, lastDays(35)) },
  { text: 'Show my running distance by month this year', expect: volumeEach('run', 'distance', Math.min(monthOf(today), 2), thisYear) },
  { text: 'What was my total training load in the past 30 days?', expect: volumeOf('all', 'load', [lastDays(30)]) },
  { text: 'How many km did I cycle this year?', expect: volumeOf('ride', 'distance', [thisYear]) },
  { text: 'How many hours did I jog in the last 6 weeks?', expect: volumeOf('run', 'time', [lastDays(42)]) },
  { text: 'How many hikes did I do this year?', expect: volumeOf('hike', 'sessions', [thisYear]) },

  // Two periods compared.
  { text: 'Compare this month with last month', expect: volumeOf('all', 'time', [thisMonth, lastMonth]) },
  { text: 'How does my riding in October compare with September?', expect: volumeOf('ride', 'time', [month(OCTOBER), month(SEPTEMBER)]) },
  { text: 'Did I train more in the last 30 days than in the 30 days before?', expect: volumeOf('all', 'time', [lastDays(30), daysBefore(30)]) },

  // Longest and hardest of a period.
  { text: 'What was my longest ride this year?', expect: longest('ride', thisYear) },
  { text: 'longest run since March?', expect: longest('run', since(MARCH)) },
  { text: 'What was my hardest session in the last 6 weeks?', expect: hardest('all', lastDays(42)) },
  { text: 'Which was my toughest bike ride last month?', expect: hardest('ride', lastMonth) },

  // Time in zones.
  {
    text: 'How much time did I spend in heart rate zone 2 over the last 4 weeks?',
    expect: (data) => [fixed('zones.hr.z2.time', lastDays(28), 's', zoneSeconds(data, 'hr', 2, 'all', lastDays(28)).time)],
  },
  {
    text: 'What share of my riding was in power zone 4 in the past 90 days?',
    expect: (data) => [fixed('zones.power.z4.share', lastDays(90), 'share', zoneSeconds(data, 'power', 4, 'ride', lastDays(90)).share)],
  },
  {
    text: 'Time in each HR zone this month',
    expect: (data) =>
      [1, 2, 3, 4, 5].map((zone) =>
        emptyOr(fixed(`zones.hr.z${zone}.time`, thisMonth, 's', zoneSeconds(data, 'hr', zone, 'all', thisMonth).time), data, 'all', thisMonth, (activity) => activity.hrZoneS !== null),
      ),
  },

  // Aerobic decoupling and efficiency.
  {
    text: 'Is my aerobic decoupling on the bike getting better over the last 12 weeks?',
    expect: (data) => [
      perWindow('decoupling.average', 'decimalPct', (window) => mean(of(data, window, 'ride').flatMap((a) => (a.decouplingPct === null ? [] : [a.decouplingPct]))), {
        including: lastDays(84),
      }),
    ],
  },
  {
    text: "How's my efficiency factor trending this year?",
    expect: (data) => [
      perWindow('ef.average', 'ratio', (window) => mean(of(data, window).flatMap((a) => (a.ef === null ? [] : [a.ef]))), { including: thisYear }),
    ],
  },

  // The active plan.
  { text: 'How is my training plan going?', expect: planProgress },
  { text: 'Which week of the plan am I in?', expect: (data) => planProgress(data).slice(0, 1) },
  { text: "What's my next key session?", expect: nextSession },
  { text: 'When is my next planned workout and how long is it?', expect: nextSession },

  // Am I ready for X.
  { text: 'Am I ready for a 4-hour ride on Saturday?', expect: ready },
  { text: 'Am I fresh enough for a hard interval session tomorrow?', expect: ready },
  { text: 'Could I race a gran fondo this weekend?', expect: ready },

  // What this activity meant.
  { text: 'What did this ride mean for my training?', activity: (data) => data.latest.longRide, expect: (data) => aboutActivity(data, data.latest.longRide, ['time', 'load', 'np']) },
  { text: 'How hard was this run?', activity: (data) => data.latest.run, expect: (data) => aboutActivity(data, data.latest.run, ['time', 'distance', 'load']) },
  { text: 'Was this a good session?', activity: (data) => data.latest.intervals, expect: (data) => aboutActivity(data, data.latest.intervals, ['time', 'load']) },

  // Outside what Kai can answer.
  { text: 'What should I eat the night before a race?', expect: cannotAnswer },
  { text: 'Can you book me a bike fit next Tuesday?', expect: cannotAnswer },
  { text: "What's the weather going to be like on Sunday?", expect: cannotAnswer },
  { text: 'Which saddle should I buy?', expect: cannotAnswer },
];

/** Conversations whose follow-ups keep the previous question's subject with one thing changed. */
const CONVERSATIONS: Question[][] = [
  [
    { text: 'How many hours did I ride in the last 6 weeks?', expect: volumeOf('ride', 'time', [lastDays(42)]) },
    { text: 'and over the last 30 days?', expect: volumeOf('ride', 'time', [lastDays(30)]) },
    { text: 'what about running?', expect: volumeOf('run', 'time', [lastDays(30)]) },
    { text: 'And this year?', expect: volumeOf('run', 'time', [thisYear]) },
  ],
  [
    { text: "What's my best 5-minute power in the last 90 days?", expect: power(300, lastDays(90)) },
    { text: 'And my 20 minute?', expect: power(1200, lastDays(90)) },
    { text: 'what about since March?', expect: power(1200, since(MARCH)) },
  ],
];

// ---------------------------------------------------------------------------------------------

let athlete: TestClient;

/** Critical power or W′ over the fact's window (which ends today), as GET /api/power-curve/best fits it. */
async function criticalPowerOver(fact: AskFact, field: 'criticalPowerW' | 'wPrimeJ'): Promise<number> {
  expect(fact.window?.to, `${fact.key} is over a window ending today`).toBe(today);
  const days = dayNumber(today) - dayNumber(fact.window!.from) + 1;
  const best = await athlete.get(`/api/power-curve/best?days=${days}`);
  expect(best.body.criticalPower, `GET /api/power-curve/best?days=${days} fits critical power`).toBeTruthy();
  return best.body.criticalPower[field] as number;
}

async function readSeeded(): Promise<Seeded> {
  const list: { id: string; sportType: string; startDate: string; movingTime: number; distance: number; totalElevationGain: number | null; averageWatts: number | null }[] = [];
  for (let before: string | undefined; ; ) {
    const page = await athlete.get(`/api/activities?limit=200${before ? `&before=${encodeURIComponent(before)}` : ''}`);
    expect(page.status).toBe(200);
    list.push(...page.body);
    if (page.body.length < 200) break;
    before = page.body.at(-1).startDate;
  }
  const activities: Activity[] = [];
  for (let start = 0; start < list.length; start += 16) {
    activities.push(
      ...(await Promise.all(
        list.slice(start, start + 16).map(async (item) => {
          const detail = await athlete.get(`/api/activities/${item.id}`);
          const metrics = detail.body.metrics;
          expect(metrics, `metrics of ${item.id}`).not.toBeNull();
          let curve: Map<number, number> | null = null;
          if (item.averageWatts !== null) {
            const read = await athlete.get<{ durationsS: number[]; watts: number[] }>(`/api/activities/${item.id}/power-curve`);
            expect(read.status).toBe(200);
            curve = new Map(read.body.durationsS.map((durationS, k) => [durationS, read.body.watts[k]!]));
          }
          return {
            id: item.id,
            day: item.startDate.slice(0, 10),
            family: FAMILY_OF_SPORT[item.sportType] ?? 'other',
            movingTimeS: item.movingTime,
            distanceM: item.distance,
            elevationM: item.totalElevationGain ?? 0,
            load: metrics.trainingLoad ?? 0,
            np: metrics.normalizedPowerW,
            ap: metrics.averagePowerW,
            hr: metrics.averageHeartrateBpm,
            hrZoneS: metrics.hrZoneSeconds,
            powerZoneS: metrics.powerZoneSeconds,
            decouplingPct: metrics.decouplingPct,
            ef: metrics.efficiencyFactor,
            curve,
          } satisfies Activity;
        }),
      )),
    );
  }
  activities.sort((a, b) => a.day.localeCompare(b.day));

  const series = await athlete.get<{ date: string; ctl: number; atl: number; tsb: number }[]>('/api/fitness?days=730');
  const fitness = new Map(series.body.map((day) => [day.date, day]));
  expect(fitness.get(today)!.ctl).toBeGreaterThan(0);

  const settings = (await athlete.get('/api/user/settings')).body;
  const ftpInUseW = settings.effective.cycling.ftpW.value as number;
  const ftpEstimateW = settings.effective.estimates.ftpW.value as number;

  // The plan: its first day and length, and the sessions the day plan holds over the next two weeks.
  const [plan] = (await athlete.get('/api/training-plans')).body as { phases: { startDate: string }[]; totalWeeks: number }[];
  const dayPlan = await athlete.get(`/api/day-plan?today=${today}&days=14`);
  expect(dayPlan.status).toBe(200);
  const sessions = (dayPlan.body.days as { date: string; source: string; session: { durationMin: number } | null }[])
    .filter((day) => day.source === 'plan' && day.session !== null)
    .map((day) => ({ date: day.date, durationS: day.session!.durationMin * 60 }));
  expect(sessions.length).toBeGreaterThan(0);

  const newest = (family: Family, test: (activity: Activity) => boolean = () => true) => activities.filter((a) => a.family === family && test(a)).at(-1)!.id;
  const latestLongRide = newest('ride', (a) => a.movingTimeS >= 5_400);
  const latestIntervals = newest('ride', (a) => a.distanceM === 0);
  return {
    activities,
    fitness,
    ftpInUseW,
    ftpEstimateW,
    plan: { firstDay: plan!.phases[0]!.startDate, totalWeeks: plan!.totalWeeks, sessions },
    latest: { longRide: latestLongRide, run: newest('run'), intervals: latestIntervals },
  };
}

async function ask(conversationId: string, question: string, activityId?: string): Promise<AskReply> {
  const response = await athlete.post(`/api/coach/conversations/${conversationId}/messages`, { text: question, today, ...(activityId ? { activityId } : {}) });
  expect(response.status, `POST …/messages "${question}": ${response.text}`).toBe(201);
  return askReply.parse(response.body);
}

async function newConversation(activityId?: string): Promise<string> {
  const created = await athlete.post('/api/coach/conversations', activityId ? { activityId } : {});
  expect(created.status).toBe(201);
  return created.body.id as string;
}

function sameWindow(a: { from: string; to: string } | null, b: Window | null | undefined): boolean {
  if (b === undefined) return true;
  return a === null || b === null ? a === b : a.from === b.from && a.to === b.to;
}

const describeWindow = (window: Window | null | undefined) => (window === undefined ? 'any window' : window === null ? 'no window' : `${window.from}…${window.to}`);

/** Checks one answer against its question's expectations. */
async function checkAnswer(question: Question, reply: AskReply, data: Seeded): Promise<void> {
  const { answer } = reply;
  expect(answer.coach).toBe('built-in');
  const expected = question.expect(data);
  const shown = `"${question.text}" → ${answer.text}\nfacts: ${answer.facts.map((fact) => `${fact.key}=${fact.value} [${describeWindow(fact.window)}]`).join(', ')}`;
  // Every number Kai wrote is one of its facts (their texts and labels) or in a name it quotes.
  const known = new Set([...answer.facts.flatMap((fact) => [fact.text, fact.label]), ...answer.sources.map((source) => source.label)].flatMap(numbersIn));
  expect(numbersIn(answer.text).filter((token) => !known.has(token)), `numbers without a fact in ${shown}`).toEqual([]);
  if (expected === 'cannot-answer') {
    expect(answer.text, shown).toMatch(/can(?:'|’|no)t answer/i);
    expect(answer.facts, shown).toEqual([]);
    expect(answer.suggestions, shown).toHaveLength(3);
    return;
  }
  for (const want of expected) {
    const facts = answer.facts.filter(
      (fact) => fact.key === want.key && sameWindow(fact.window, want.window) && (!want.current || fact.window === null || fact.window.to === today),
    );
    if (want.including) {
      expect(facts.some((fact) => sameWindow(fact.window, want.including)), `${want.key} over ${describeWindow(want.including)} in ${shown}`).toBe(true);
    }
    expect(facts.length, `${want.key} over ${describeWindow(want.window)} in ${shown}`).toBeGreaterThanOrEqual(want.atLeast ?? 1);
    for (const fact of facts) {
      if (want.within) {
        expect(fact.window, `${want.key} within ${describeWindow(want.within)} in ${shown}`).not.toBeNull();
        expect(fact.window!.from >= want.within.from && fact.window!.to <= want.within.to, `${want.key} [${describeWindow(fact.window)}] within ${describeWindow(want.within)} in ${shown}`).toBe(true);
      }
      const values = [await want.value(fact, reply)].flat();
      const close = values.some((value) => Math.abs(fact.value - value) <= TOLERANCE[want.tolerance](value));
      expect(close, `${want.key} [${describeWindow(fact.window)}] = ${fact.value}, expected ${values.join(' or ')} (±${TOLERANCE[want.tolerance](values[0]!)}) in ${shown}`).toBe(true);
      expect(answer.text, `the text of ${want.key} (${fact.text}) in ${shown}`).toContain(fact.text);
    }
    if (want.sourceActivity) expect(answer.sources.map((source) => source.activityId), `sources of ${shown}`).toContain(want.sourceActivity);
    if (want.spokenOf) expect(answer.facts.some((fact) => sameWindow(fact.window, want.spokenOf)), `a fact over ${describeWindow(want.spokenOf)} in ${shown}`).toBe(true);
  }
}

// One database: the subject here is reading questions; the year's seeding costs what both would double.
describe.each(kinds.slice(-1))('Ask Kai answers the question set from a year of training on %s', (kind) => {
  let server: TestKairo;
  let data: Seeded;
  /** Each question's reply by its text (a conversation's by `conversation #n: text`). */
  const replies = new Map<string, AskReply>();
  const asked = new Map<string, Promise<void>>();

  beforeAll(async () => {
    server = await startTestKairo(kind);
    ({ client: athlete } = await registerPlanner(server, { emailPrefix: 'ask-kai' }));
    await uploadTrainingYear(athlete, today);
    await waitForJobs(server, 240_000);
    const created = await athlete.post('/api/training-plans', { ...springBasePlan, startDate: addCalendarDays(today, -21) });
    expect(created.status).toBe(201);
    data = await readSeeded();
  }, 600_000);
  afterAll(async () => {
    await server?.close();
  });

  /** Asks the question (once) in a new conversation, or a conversation's questions in order up to it. */
  function replyTo(key: string, ask: () => Promise<void>): Promise<void> {
    if (!asked.has(key)) asked.set(key, ask());
    return asked.get(key)!;
  }

  for (const question of QUESTIONS) {
    if (KNOWN_MISSES.includes(question.text)) {
      it.todo(`answers "${question.text}"`);
      continue;
    }
    it(`answers "${question.text}"`, async () => {
      await replyTo(question.text, async () => {
        const activityId = question.activity?.(data);
        replies.set(question.text, await ask(await newConversation(activityId), question.text, activityId));
      });
      await checkAnswer(question, replies.get(question.text)!, data);
    });
  }

  CONVERSATIONS.forEach((conversation, index) => {
    const keyOf = (question: Question) => `conversation #${index + 1}: ${question.text}`;
    const askAll = () =>
      replyTo(`conversation #${index + 1}`, async () => {
        const id = await newConversation();
        for (const question of conversation) replies.set(keyOf(question), await ask(id, question.text));
      });
    for (const question of conversation) {
      if (KNOWN_MISSES.includes(question.text)) {
        it.todo(`keeps the subject: "${question.text}" (${keyOf(question)})`);
        continue;
      }
      it(`keeps the subject: ${keyOf(question)}`, async () => {
        await askAll();
        await checkAnswer(question, replies.get(keyOf(question))!, data);
      });
    }
  });
});
