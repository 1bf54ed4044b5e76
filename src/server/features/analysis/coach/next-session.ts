import type { NextSession, SessionFocus, SessionIntensity, SessionStep } from '../../../../shared/api/analysis.ts';
import type { DaySession } from '../../../../shared/api/day-plan.ts';
import { formatDuration, type AnalysisContext } from '../../facts/index.ts';
import { formatPace } from '../../../../shared/format.ts';
import type { Reading } from './reading.ts';
import type { Voice } from './voice.ts';

/**
 * The next session, as data: chosen from form, the session just done, the ride detail, the
 * style, the plan's week (a taper or recovery week takes the short version) and the week of the
 * four-week cycle, then built from fixed templates. The text describes this structure and the
 * exports (.zwo, .ics) read it, so the prescription exists once.
 */
type Sport = NextSession['sport'];

/** Why this session: the writer explains the choice from it. */
export type SessionReason =
  | 'deep_fatigue'
  | 'loaded'
  | 'neutral'
  | 'fresh'
  | 'after_hard_session'
  | 'athlete_note'
  | 'readiness_strained'
  | 'readiness_steady'
  /** An active plan has the next session (the day plan, ADR 0068): the analysis names it, it does not choose. */
  | 'plan';

/**
 * What the week of the four-week cycle (spec §3 "Mesocycle weeks") did to the session: 'held'
 * when the week asks for more (a structured or key session) than form, the last session or the
 * athlete's note allow today; 'plan_lighter_week' when the plan's taper or recovery week decided.
 */
export type CycleEffect = 'foundation' | 'structured' | 'key_session' | 'deload' | 'held' | 'plan_lighter_week';

export interface SessionChoice {
  session: NextSession;
  reason: SessionReason;
  /** The plan's week the activity fell in, when it asks for less volume: the session is the short one. */
  lighterWeek: 'taper' | 'recovery' | null;
  /** Null when the athlete runs no cycle (or the activity came before its week 1). */
  cycle: CycleEffect | null;
}

/** The endurance ladder, easiest first. */
const LADDER = ['recovery', 'endurance', 'tempo', 'threshold', 'vo2max'] as const;
type LadderFocus = (typeof LADDER)[number];

type AerobicLevel = 'recovery' | 'warmup' | 'endurance' | 'sweetSpot' | 'threshold' | 'vo2max';
/** Strength work is prescribed by perceived effort only. */
type Level = AerobicLevel | 'strength';

/** Coggan power zones for rides; Friel heart-rate zones; Borg CR10 perceived effort where neither is known. */
const POWER_PCT_FTP: Record<AerobicLevel, [number, number]> = {
  recovery: [45, 55],
  warmup: [50, 65],
  endurance: [65, 75],
  sweetSpot: [88, 93],
  threshold: [95, 100],
  vo2max: [106, 120],
};
const HR_ZONES: Record<AerobicLevel, [number, number]> = {
  recovery: [1, 1],
  warmup: [1, 2],
  endurance: [2, 2],
  sweetSpot: [3, 3],
  threshold: [4, 4],
  vo2max: [5, 5],
};
const RPE: Record<Level, [number, number]> = {
  recovery: [2, 3],
  warmup: [3, 4],
  endurance: [3, 4],
  sweetSpot: [5, 6],
  threshold: [7, 8],
  vo2max: [9, 9],
  strength: [6, 7],
};

type StepSpec =
  | { type: 'warmup' | 'steady' | 'cooldown'; minutes: number; level: Level }
  | { type: 'intervals'; repeats: number; workMinutes: number; work: Level; restMinutes: number; rest: Level };

const warmup = (minutes: number): StepSpec => ({ type: 'warmup', minutes, level: 'warmup' });
const steady = (minutes: number, level: Level): StepSpec => ({ type: 'steady', minutes, level });
const cooldown = (minutes: number): StepSpec => ({ type: 'cooldown', minutes, level: 'recovery' });
const intervals = (repeats: number, workMinutes: number, work: Level, restMinutes: number): StepSpec => ({
  type: 'intervals',
  repeats,
  workMinutes,
  work,
  restMinutes,
  rest: 'recovery',
});

interface Template {
  title: string;
  /** The usual session. */
  full: StepSpec[];
  /** When time is tight (Time-Crunch) or the style is gentle. */
  short: StepSpec[];
  /** The key session of the cycle's high-load week: longer, for durability. */
  long?: { title: string; steps: StepSpec[] };
}

type Version = 'full' | 'short' | 'long';

const TEMPLATES: Record<Sport, Partial<Record<SessionFocus, Template>>> = {
  ride: {
    recovery: { title: 'Recovery spin', full: [steady(45, 'recovery')], short: [steady(30, 'recovery')] },
    endurance: {
      title: 'Endurance ride',
      full: [warmup(10), steady(70, 'endurance'), cooldown(10)],
      short: [warmup(10), steady(40, 'endurance'), cooldown(10)],
      long: { title: 'Long endurance ride', steps: [warmup(10), steady(100, 'endurance'), cooldown(10)] },
    },
    tempo: {
      title: 'Sweet-spot intervals',
      full: [warmup(15), intervals(3, 10, 'sweetSpot', 5), cooldown(10)],
      short: [warmup(10), intervals(2, 10, 'sweetSpot', 5), cooldown(10)],
    },
    threshold: {
      title: 'Threshold intervals',
      full: [warmup(15), intervals(2, 20, 'threshold', 10), cooldown(10)],
      short: [warmup(10), intervals(3, 8, 'threshold', 4), cooldown(8)],
    },
    vo2max: {
      title: 'VO2max intervals',
      full: [warmup(15), intervals(5, 4, 'vo2max', 4), cooldown(10)],
      short: [warmup(10), intervals(4, 4, 'vo2max', 4), cooldown(8)],
    },
  },
  run: {
    recovery: { title: 'Recovery run', full: [steady(30, 'recovery')], short: [steady(20, 'recovery')] },
    endurance: {
      title: 'Easy aerobic run',
      full: [warmup(10), steady(40, 'endurance'), cooldown(5)],
      short: [warmup(5), steady(30, 'endurance'), cooldown(5)],
      long: { title: 'Long run', steps: [warmup(10), steady(65, 'endurance'), cooldown(5)] },
    },
    tempo: {
      title: 'Tempo intervals',
      full: [warmup(15), intervals(3, 8, 'sweetSpot', 2), cooldown(10)],
      short: [warmup(10), intervals(3, 6, 'sweetSpot', 2), cooldown(6)],
    },
    threshold: {
      title: 'Threshold intervals',
      full: [warmup(15), intervals(4, 6, 'threshold', 2), cooldown(10)],
      short: [warmup(10), intervals(3, 6, 'threshold', 2), cooldown(6)],
    },
    vo2max: {
      title: 'VO2max intervals',
      full: [warmup(15), intervals(6, 3, 'vo2max', 2), cooldown(10)],
      short: [warmup(10), intervals(5, 2, 'vo2max', 2), cooldown(6)],
    },
  },
  hike: {
    recovery: { title: 'Easy walk', full: [steady(45, 'recovery')], short: [steady(30, 'recovery')] },
    endurance: {
      title: 'Endurance hike',
      full: [steady(120, 'endurance')],
      short: [steady(60, 'endurance')],
      long: { title: 'Long hike', steps: [steady(180, 'endurance')] },
    },
  },
  workout: {
    recovery: { title: 'Mobility and core', full: [steady(30, 'recovery')], short: [steady(20, 'recovery')] },
    strength: {
      title: 'Strength circuits',
      full: [warmup(10), intervals(3, 12, 'strength', 3), cooldown(5)],
      short: [warmup(10), intervals(2, 12, 'strength', 3), cooldown(5)],
    },
  },
  other: {
    recovery: { title: 'Easy movement', full: [steady(30, 'recovery')], short: [steady(20, 'recovery')] },
    endurance: {
      title: 'Steady aerobic session',
      full: [warmup(10), steady(40, 'endurance'), cooldown(5)],
      short: [warmup(5), steady(30, 'endurance'), cooldown(5)],
      long: { title: 'Long aerobic session', steps: [warmup(10), steady(60, 'endurance'), cooldown(5)] },
    },
  },
};

/** The athlete's endurance sport: this activity's, or the one they spent most time on lately. */
function nextSport(context: AnalysisContext): Sport {
  const { family } = context.activity;
  if (family === 'ride' || family === 'run') return family;
  const endurance = context.recentTraining.bySport.find((sport) => sport.family === 'ride' || sport.family === 'run');
  return endurance?.family ?? family;
}

const BY_FORM: Record<Reading['formAfter'], { focus: LadderFocus; reason: SessionReason }> = {
  deep: { focus: 'recovery', reason: 'deep_fatigue' },
  loaded: { focus: 'endurance', reason: 'loaded' },
  neutral: { focus: 'tempo', reason: 'neutral' },
  fresh: { focus: 'vo2max', reason: 'fresh' },
};

const HARD_BY_PURPOSE = new Set(['kom-segment', 'structured-workout']);

function ladderFocus(context: AnalysisContext, reading: Reading, voice: Voice): { focus: LadderFocus; reason: SessionReason } {
  const byForm = BY_FORM[reading.formAfter];
  let level = LADDER.indexOf(byForm.focus);
  // Chill is wellness first: one step easier, never above tempo. Marginal gains turns a tempo day into threshold.
  if (voice.tone === 'gentle') level = Math.max(0, Math.min(level - 1, LADDER.indexOf('tempo')));
  if (voice.style === 'marginal_gains' && byForm.focus === 'tempo') level = LADDER.indexOf('threshold');
  if (reading.cues.includes('illness') || reading.cues.includes('fatigue')) return { focus: 'recovery', reason: 'athlete_note' };
  // Readiness on the morning (ADR 0037): strained is an easy day, as HRV-guided training does on a low HRV;
  // one input holding back keeps the session aerobic.
  const { readiness } = context;
  if (readiness?.state === 'strained') return { focus: 'recovery', reason: 'readiness_strained' };
  const heldBack = readiness?.inputs.some((input) => input.signal === 'poor') ?? false;
  if (heldBack && level > LADDER.indexOf('endurance')) return { focus: 'endurance', reason: 'readiness_steady' };
  // Hard day, easy day: after a hard session the next one is aerobic at most, however fresh the numbers say.
  const hardSession =
    reading.effort === 'hard' || reading.effort === 'very_hard' || HARD_BY_PURPOSE.has(context.rideDetail?.type ?? '');
  if (hardSession && level > LADDER.indexOf('endurance')) return { focus: 'endurance', reason: 'after_hard_session' };
  return { focus: LADDER[level] ?? 'recovery', reason: byForm.reason };
}

/** Workouts alternate strength with mobility; hikes and other sports stay aerobic. */
function focusForSport(sport: Sport, focus: LadderFocus): SessionFocus {
  if (sport === 'workout') return focus === 'recovery' ? 'recovery' : 'strength';
  if ((sport === 'hike' || sport === 'other') && focus !== 'recovery') return 'endurance';
  return focus;
}

type IntensityTarget = { kind: 'power'; ftpW: number | null } | { kind: 'heartRate' } | { kind: 'effort' };

/** Power for a rider with a meter, heart-rate zones for an athlete with heart-rate data, perceived effort otherwise. */
function intensityTarget(sport: Sport, context: AnalysisContext): IntensityTarget {
  const { activity } = context;
  if (sport === 'ride' && activity.power) return { kind: 'power', ftpW: activity.power.ftp?.value ?? null };
  if (sport !== 'workout' && activity.hrZones) return { kind: 'heartRate' };
  return { kind: 'effort' };
}

/** Watt targets rounded to 5 W: nobody holds 213 W rather than 215 W. */
const roundTo5 = (wattsValue: number) => Math.round(wattsValue / 5) * 5;

function intensity(level: Level, target: IntensityTarget): SessionIntensity {
  if (level === 'strength' || target.kind === 'effort') {
    const [low, high] = RPE[level];
    return { kind: 'effort', rpe: { low, high } };
  }
  if (target.kind === 'heartRate') {
    const [low, high] = HR_ZONES[level];
    return { kind: 'heartRate', zones: { low, high } };
  }
  const [low, high] = POWER_PCT_FTP[level];
  const { ftpW } = target;
  return {
    kind: 'power',
    ftpPct: { low, high },
    watts: ftpW === null ? null : { low: roundTo5((ftpW * low) / 100), high: roundTo5((ftpW * high) / 100) },
  };
}

function toStep(spec: StepSpec, target: IntensityTarget): SessionStep {
  if (spec.type === 'intervals') {
    return {
      type: 'intervals',
      repeats: spec.repeats,
      work: { durationS: spec.workMinutes * 60, intensity: intensity(spec.work, target) },
      recovery: { durationS: spec.restMinutes * 60, intensity: intensity(spec.rest, target) },
    };
  }
  return { type: spec.type, durationS: spec.minutes * 60, intensity: intensity(spec.level, target) };
}

function stepDurationS(step: SessionStep): number {
  return step.type === 'intervals' ? step.repeats * (step.work.durationS + step.recovery.durationS) : step.durationS;
}

export function chooseNextSession(context: AnalysisContext, reading: Reading, voice: Voice): SessionChoice {
  // One decision per day (ADR 0068): where a plan covers the next day, its session is the next one.
  if (context.plannedNext) return { session: context.plannedNext.session, reason: 'plan', lighterWeek: null, cycle: null };
  const sport = nextSport(context);
  const target = intensityTarget(sport, context);
  const byForm = ladderFocus(context, reading, voice);
  const lighterWeek = lighterPlanWeek(context);
  const timeCrunch = context.rideDetail?.type === 'time-crunch';
  const version: Version = timeCrunch || voice.tone === 'gentle' || lighterWeek !== null ? 'short' : 'full';
  const usual = buildSession(sport, byForm.focus, version, target);
  const choice: SessionChoice = { session: usual, reason: byForm.reason, lighterWeek, cycle: null };
  const cycleWeek = context.mesocycle?.week.value;
  if (cycleWeek === undefined) return choice;
  // A plan's taper or recovery week is placed for a dated goal, so it decides over the cycle (ADR 0009).
  if (lighterWeek !== null) return { ...choice, cycle: 'plan_lighter_week' };
  // The form rules said what today allows (byForm.reason); the cycle week only shapes the session within that.
  const formAllowsQuality = byForm.reason === 'neutral' || byForm.reason === 'fresh';
  switch (cycleWeek) {
    case 1:
      return { ...choice, session: buildSession(sport, easiest(byForm.focus, 'endurance'), version, target), cycle: 'foundation' };
    case 2: {
      // Structured work is sweet spot or threshold; top-end VO2max intervals are not what this week builds.
      const session = buildSession(sport, easiest(byForm.focus, 'threshold'), version, target);
      const structured = session.focus === 'tempo' || session.focus === 'threshold';
      return { ...choice, session, cycle: structured ? 'structured' : 'held' };
    }
    case 3: {
      if (!formAllowsQuality || timeCrunch) return { ...choice, cycle: 'held' };
      // Chill is wellness first: its key session is the usual endurance session, not the long one.
      const keyVersion = voice.tone === 'gentle' ? 'full' : 'long';
      return { ...choice, session: buildSession(sport, 'endurance', keyVersion, target), cycle: 'key_session' };
    }
    default: {
      // Week 4, the deload.
      const minutes = deloadMinutes(usual.totalDurationS / 60);
      return { ...choice, session: buildSession(sport, easiest(byForm.focus, 'endurance'), version, target, minutes), cycle: 'deload' };
    }
  }
}

/** The easier of two rungs of the ladder. */
function easiest(focus: LadderFocus, cap: LadderFocus): LadderFocus {
  return LADDER[Math.min(LADDER.indexOf(focus), LADDER.indexOf(cap))] ?? 'recovery';
}

/**
 * Spec §3: the deload week cuts load by 30-40%. Its session takes the middle of that off the time
 * the session would otherwise have taken, and no more than endurance intensity cuts the load
 * further. Whole 5 minutes from 25 minutes on, as a plan reads; whole minutes below.
 */
const DELOAD_SHARE_OF_USUAL_TIME = 0.65;

function deloadMinutes(usualMinutes: number): number {
  const minutes = usualMinutes * DELOAD_SHARE_OF_USUAL_TIME;
  return minutes >= 25 ? Math.round(minutes / 5) * 5 : Math.round(minutes);
}

/** A main set shorter than this is not worth the warm-up. */
const MIN_MAIN_SET_MINUTES = 5;

/** The steps resized to about `totalMinutes`: warm-up and cool-down keep their length, the main set takes the change. */
function fitToMinutes(specs: StepSpec[], totalMinutes: number): StepSpec[] {
  const specMinutes = (spec: StepSpec) => (spec.type === 'intervals' ? spec.repeats * (spec.workMinutes + spec.restMinutes) : spec.minutes);
  const isEdge = (spec: StepSpec) => spec.type === 'warmup' || spec.type === 'cooldown';
  const edgeMinutes = specs.filter(isEdge).reduce((sum, spec) => sum + specMinutes(spec), 0);
  const mainMinutes = specs.filter((spec) => !isEdge(spec)).reduce((sum, spec) => sum + specMinutes(spec), 0);
  const scale = Math.max(totalMinutes - edgeMinutes, MIN_MAIN_SET_MINUTES) / mainMinutes;
  return specs.map((spec) => {
    if (spec.type === 'intervals') return { ...spec, repeats: Math.max(1, Math.round(spec.repeats * scale)) };
    if (spec.type === 'steady') return { ...spec, minutes: Math.max(MIN_MAIN_SET_MINUTES, Math.round(spec.minutes * scale)) };
    return spec;
  });
}

function buildSession(sport: Sport, ladder: LadderFocus, version: Version, target: IntensityTarget, totalMinutes?: number): NextSession {
  const focus = focusForSport(sport, ladder);
  const template = TEMPLATES[sport][focus];
  if (!template) throw new Error(`no ${focus} session for ${sport}`);
  // A sport or focus without a long version has its key session in the usual one.
  const long = version === 'long' ? template.long : undefined;
  const specs = long?.steps ?? (version === 'short' ? template.short : template.full);
  const steps = (totalMinutes === undefined ? specs : fitToMinutes(specs, totalMinutes)).map((spec) => toStep(spec, target));
  return { sport, focus, title: long?.title ?? template.title, totalDurationS: steps.reduce((sum, step) => sum + stepDurationS(step), 0), steps };
}

/** A taper or recovery week of the plan the analysis speaks about, on the activity's day. */
function lighterPlanWeek(context: AnalysisContext): SessionChoice['lighterWeek'] {
  const kind = context.activePlans[0]?.phase?.weekKind;
  return kind === 'taper' || kind === 'recovery' ? kind : null;
}

function describeIntensity(value: SessionIntensity): string {
  const span = ({ low, high }: { low: number; high: number }) => (low === high ? String(low) : `${low}–${high}`);
  switch (value.kind) {
    case 'power':
      return `at ${span(value.ftpPct)}% FTP${value.watts ? ` (${span(value.watts)} W)` : ''}`;
    case 'heartRate':
      return value.bpm ? `at ${span(value.bpm)} bpm` : `in heart-rate zone${value.zones.low === value.zones.high ? '' : 's'} ${span(value.zones)}`;
    case 'effort':
      return `at perceived effort ${span(value.rpe)} out of ten`;
    case 'pace': {
      // A pace the athlete set in a workout they built (ADR 0082), fastest first; kept per km as they stored it.
      const [fast, slow] = [formatPace(value.sPerKm.low, 'metric'), formatPace(value.sPerKm.high, 'metric')];
      return `at ${fast.value === slow.value ? fast.value : `${fast.value}–${slow.value}`} ${slow.unit}`;
    }
  }
}

function describeStep(step: SessionStep, focus: SessionFocus): string {
  switch (step.type) {
    case 'warmup':
      return `${formatDuration(step.durationS)} warm-up ${describeIntensity(step.intensity)}`;
    case 'cooldown':
      return `${formatDuration(step.durationS)} cool-down ${describeIntensity(step.intensity)}`;
    case 'steady':
      return `${formatDuration(step.durationS)} ${focus === 'recovery' ? 'easy' : 'steady'} ${describeIntensity(step.intensity)}`;
    case 'intervals':
      return (
        `${step.repeats} × ${formatDuration(step.work.durationS)} ${describeIntensity(step.work.intensity)}` +
        ` with ${formatDuration(step.recovery.durationS)} easy between`
      );
  }
}

/** 'Endurance ride, 1 h 30 min. 10 min warm-up at 50–65% FTP, ...' */
export function describeSession(session: NextSession): string {
  const steps = session.steps.map((step) => describeStep(step, session.focus)).join(', ');
  return `${session.title}, ${formatDuration(session.totalDurationS)}. ${steps.charAt(0).toUpperCase()}${steps.slice(1)}.`;
}

/** The ladder's rungs above endurance: what strained readiness holds back. */
const HARD_FOCUSES: ReadonlySet<SessionFocus> = new Set(['tempo', 'threshold', 'vo2max']);

/** The intensity target a built session used (its steps all share one kind). */
function targetOf(session: NextSession): IntensityTarget {
  const first = session.steps[0]!;
  const intensity = first.type === 'intervals' ? first.work.intensity : first.intensity;
  if (intensity.kind === 'power') {
    const ftpW = intensity.watts ? Math.round((intensity.watts.high * 100) / intensity.ftpPct.high) : null;
    return { kind: 'power', ftpW };
  }
  return intensity.kind === 'heartRate' ? { kind: 'heartRate' } : { kind: 'effort' };
}

/**
 * The session held back for strained readiness (the day plan, ADR 0068): a hard session becomes
 * the short endurance session of its sport with the same kind of targets; null when it is not hard
 * (or the sport has no endurance session).
 */
export function heldBackSession(session: NextSession): NextSession | null {
  if (!HARD_FOCUSES.has(session.focus) || !TEMPLATES[session.sport].endurance) return null;
  return buildSession(session.sport, 'endurance', 'short', targetOf(session));
}

const DAY_SPORTS: Record<Sport, (focus: SessionFocus) => DaySession['sport']> = {
  ride: () => 'ride',
  run: () => 'run',
  hike: () => 'other',
  workout: (focus) => (focus === 'strength' ? 'strength' : 'other'),
  other: () => 'other',
};

/** Kai's next session as the day plan shows it (ADR 0068): described in the same words as the analysis. */
export function asDaySession(session: NextSession): DaySession {
  return {
    title: session.title,
    sport: DAY_SPORTS[session.sport](session.focus),
    focus: session.focus,
    durationMin: Math.max(1, Math.round(session.totalDurationS / 60)),
    zones: null,
    description: describeSession(session),
    steps: session.steps,
  };
}

const NEXT_SPORTS: Record<DaySession['sport'], Sport> = { ride: 'ride', run: 'run', swim: 'other', strength: 'workout', other: 'other' };

/**
 * A plan's session as the analysis's next session: its own steps, or one block at the perceived
 * effort of its focus where the plan gives it no structure (strength, swims, older plans).
 */
export function fromDaySession(session: DaySession): NextSession {
  const [low, high] = RPE[session.focus === 'tempo' ? 'sweetSpot' : session.focus];
  const steps: SessionStep[] = session.steps ?? [{ type: 'steady', durationS: session.durationMin * 60, intensity: { kind: 'effort', rpe: { low, high } } }];
  return {
    sport: NEXT_SPORTS[session.sport],
    focus: session.focus,
    title: session.title,
    totalDurationS: steps.reduce((sum, step) => sum + stepDurationS(step), 0),
    steps,
  };
}
