import { DAYS_OF_WEEK, type DayOfWeek, type ScheduledDay } from '../../../shared/api/training-plans.ts';
import type { PhaseName } from '../../../shared/domain/plan-phases.ts';
import { minutesInWords, round5 } from './goal-inputs.ts';
import { sessionSteps, type FtpRange, type MainSet } from './session-steps.ts';
import { PEAK_GROWTH } from './volume.ts';
import type { WeekDays } from './week-days.ts';

/** The sessions of a plan's typical week, per phase, placed on the athlete's days. */

export type Sport = 'cycling' | 'running' | 'lifting' | 'other';
export type EnduranceSport = 'cycling' | 'running';

/** The long session holds at most this share of the week's time (ADR 0029)... */
export const LONG_SESSION_MAX_SHARE = 0.35;
/** ...unless the athlete's own recent long session is longer: then it starts from that, up to this share (ADR 0069). */
export const LONG_SESSION_OWN_MAX_SHARE = 0.5;
/** From this long a session, fuelling during it matters and is practised. */
const FUELLING_FROM_MIN = 90;
export const STRENGTH_MIN = 45;
/** Shorter than this an endurance session is not written as one (ADR 0069): a week of strength leaves no 0-minute rides. */
export const MIN_SESSION_MIN = 15;

export interface SessionKind {
  label: string;
  zones: string;
  description: string;
  /** Relative share of the week's time. */
  weight: number;
  /** Endurance sessions: what the description says, as structure; a cycling session's steps are built from it. */
  main?: MainSet;
}

export interface WeekPlanGoal {
  sport: EnduranceSport;
  sports: Sport[];
  otherActivity: string | null;
  /** General fitness: no race phases, no goal-pace work. */
  general: boolean;
}

/** A run's target paces for a range of % FTP (the plan prescribes by effort), from the athlete's threshold pace; absent without one. */
export type RunPaceText = (effort: FtpRange) => string;

/** What the week is built around beyond its minutes: the athlete's own figures. */
export interface WeekPlanAthlete {
  ftpW: number | null;
  /** Run paces from the threshold pace, or null when none is known (heart rate then). */
  runPace: RunPaceText | null;
  /** The athlete's longest recent session in the main sport: the long session starts from it. */
  recentLongMin: number | null;
  /** This phase's first load week as a share of its fullest week: the template is written at the fullest. */
  firstWeekShare: number;
  /** A race plan's kept other sport: its sessions are at most the athlete's longest recent one in it. */
  crossTrainingMaxMin?: number | null;
}

export const sportName: Record<Sport, string> = { cycling: 'Cycling', running: 'Running', lifting: 'Lifting', other: 'Other' };

function zoneText(sport: EnduranceSport, zone: string, ftpPct: FtpRange | null, ftpW: number | null, runPace: RunPaceText | null): string {
  if (sport === 'cycling' && ftpPct) {
    const watts = ftpW ? `, ${Math.round((ftpPct[0] * ftpW) / 100)}-${Math.round((ftpPct[1] * ftpW) / 100)} W` : '';
    return `${zone} (${ftpPct[0]}-${ftpPct[1]}% FTP${watts})`;
  }
  // A run paces by the athlete's threshold pace when it is known; heart rate is the check on the day.
  if (ftpPct && runPace) return `${zone} (${runPace(ftpPct)}; heart-rate ${zone.toLowerCase()})`;
  return `${zone} (heart-rate ${zone.toLowerCase()})`;
}

/** Coggan's power zones as % of FTP; a session's zones text and its steps use the same ranges. */
const Z1: FtpRange = [45, 55];
const Z2: FtpRange = [56, 75];
const Z3: FtpRange = [76, 90];
const Z4: FtpRange = [91, 105];
const Z5: FtpRange = [106, 120];
const GOAL_PACE: FtpRange = [85, 100];
const SIMULATION: FtpRange = [56, 100];

const intervals = (repeats: number, workMin: number, work: FtpRange, recoveryMin: number, recovery: FtpRange): MainSet => ({
  kind: 'intervals',
  repeats,
  workMin,
  work,
  recoveryMin,
  recovery,
});

/** The week's endurance sessions of a phase, in the order they are placed (the long one last). */
export function enduranceSessions(phase: PhaseName, sport: EnduranceSport, ftpW: number | null, general: boolean, runPace: RunPaceText | null = null): SessionKind[] {
  const z = (zone: string, pct: FtpRange) => zoneText(sport, zone, pct, ftpW, runPace);
  const noun = sport === 'cycling' ? 'ride' : 'run';
  const recovery: MainSet = { kind: 'easy', target: Z1 };
  const aerobic: MainSet = { kind: 'steady', target: Z2 };
  const threshold: SessionKind = { label: 'threshold', zones: z('Z4', Z4), description: `Threshold intervals: 3 x 10 min, 5 min easy between.`, weight: 1, main: intervals(3, 10, Z4, 5, Z1) };
  const vo2max: SessionKind = { label: 'vo2max', zones: z('Z5', Z5), description: `VO2max intervals: 5 x 3 min, 3 min easy between.`, weight: 0.9, main: intervals(5, 3, Z5, 3, Z1) };
  const tempo: SessionKind = { label: 'tempo', zones: z('Z3', Z3), description: `Aerobic ${noun} with 2 x 15 min tempo, 5 min steady between.`, weight: 1, main: intervals(2, 15, Z3, 5, Z2) };
  const steadyLong: SessionKind = { label: 'long', zones: z('Z2', Z2), description: `Long ${noun}: the week's key aerobic session.`, weight: 2, main: aerobic };
  if (phase === 'base') {
    return [
      { label: 'endurance', zones: z('Z2', Z2), description: `Steady aerobic ${noun}, conversational effort.`, weight: 1, main: aerobic },
      tempo,
      { label: 'recovery', zones: z('Z1', Z1), description: `Easy ${noun} to absorb the week.`, weight: 0.6, main: recovery },
      { label: 'endurance', zones: z('Z2', Z2), description: `Aerobic ${noun} with relaxed form drills.`, weight: 1, main: aerobic },
      steadyLong,
    ];
  }
  if (phase === 'build' || general) {
    const long: SessionKind = general
      ? { ...steadyLong, zones: z('Z2-Z3', [Z2[0], Z3[1]]), description: `Long ${noun}, steady, the last 20 min a little brisker.`, main: { kind: 'finish', target: Z2, finishMin: 20, finish: Z3 } }
      : { label: 'long', zones: z('Z2-Z3', [Z2[0], Z3[1]]), description: `Long ${noun} finishing with 20 min at goal effort.`, weight: 2, main: { kind: 'finish', target: Z2, finishMin: 20, finish: Z3 } };
    return [
      phase === 'peak-and-taper' ? tempo : threshold,
      { label: 'endurance', zones: z('Z2', Z2), description: `Steady aerobic ${noun}.`, weight: 1, main: aerobic },
      { label: 'recovery', zones: z('Z1', Z1), description: `Easy ${noun}, legs loose.`, weight: 0.6, main: recovery },
      phase === 'peak-and-taper' ? threshold : vo2max,
      long,
    ];
  }
  return [
    { label: 'race pace', zones: z('Z3-Z4', GOAL_PACE), description: `Goal-pace blocks: 3 x 12 min at the effort you will hold, 4 min easy between.`, weight: 1, main: intervals(3, 12, GOAL_PACE, 4, Z1) },
    { label: 'endurance', zones: z('Z2', Z2), description: `Steady aerobic ${noun}.`, weight: 0.9, main: aerobic },
    { label: 'recovery', zones: z('Z1', Z1), description: `Easy ${noun}.`, weight: 0.5, main: recovery },
    { label: 'sharpening', zones: z('Z5', Z5), description: `Short openers: 6 x 1 min hard, 2 min easy.`, weight: 0.7, main: intervals(6, 1, Z5, 2, Z1) },
    { label: 'simulation', zones: z('Z2-Z4', SIMULATION), description: `Goal simulation: the terrain, pacing and fuelling of the day.`, weight: 1.8, main: { kind: 'steady', target: SIMULATION } },
  ];
}

const isLong = (label: string) => label === 'long' || label === 'simulation';

export function notesFor(label: string, phase: PhaseName, minutes: number, general: boolean): string {
  if (isLong(label) && minutes >= FUELLING_FROM_MIN) return 'Practise fuelling: eat and drink from the first hour.';
  if (isLong(label)) return 'Take a bottle; the session is short enough to need no food on the way.';
  if (label === 'recovery') return 'Keep it truly easy; skip it if you feel run down.';
  if (label === 'strength') return 'Leave two reps in reserve; never to failure.';
  if (phase === 'peak-and-taper' && !general) return 'In taper weeks keep the intensity, shorten the session.';
  return 'Warm up 10-15 min and cool down 10 min inside the time shown.';
}

export const restDay = (dayOfWeek: DayOfWeek, description = 'Rest day: no training.'): ScheduledDay => ({
  dayOfWeek,
  activityType: 'Rest',
  duration: 'Rest',
  durationMin: 0,
  zones: '-',
  description,
  notes: 'Sleep and eat well; this is when you adapt.',
});

/**
 * Splits the week's minutes by weight; the long session is held to its share and to `own.capMin`
 * (its growth over the athlete's own long session), and is at least `own.fromMin` (the athlete's
 * own, held to its larger share); the rest is spread over the others.
 */
function splitMinutes(weights: number[], longIndex: number, weeklyMin: number, own: { fromMin: number; capMin: number } | null): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  const minutes = weights.map((weight) => (weeklyMin * weight) / total);
  const share = minutes[longIndex];
  const floor = own !== null && weights.length > 1 ? Math.min(own.fromMin, weeklyMin * LONG_SESSION_OWN_MAX_SHARE) : 0;
  const long = share === undefined ? undefined : Math.max(Math.min(share, weeklyMin * LONG_SESSION_MAX_SHARE, own?.capMin ?? Number.POSITIVE_INFINITY), floor);
  if (share !== undefined && long !== undefined && long !== share && weights.length > 1) {
    const others = total - (weights[longIndex] ?? 0);
    minutes.forEach((_, index) => {
      minutes[index] = index === longIndex ? long : ((weeklyMin - long) * (weights[index] ?? 0)) / (others || 1);
    });
  }
  // Long first rounded down, so rounding never lifts it past its share; the rest keep the week's sum.
  const rounded = minutes.map((value, index) => (index === longIndex ? Math.floor(value / 5) * 5 : round5(value)));
  const shortfall = round5(weeklyMin) - rounded.reduce((sum, value) => sum + value, 0);
  const absorb = rounded.findIndex((_, index) => index !== longIndex);
  if (absorb >= 0) rounded[absorb] = Math.max(0, (rounded[absorb] ?? 0) + shortfall);
  return rounded;
}

/**
 * A race plan's other sport keeps to the athlete's own sessions in it: none longer than their
 * longest recent one (in 5 minutes); the minutes over go to the goal sport's sessions other than
 * the long one, 5 at a time, so the week keeps its time. Without such sessions, nothing moves.
 */
function holdCrossTraining<Entry extends { sport: Sport }>(
  entries: readonly Entry[],
  minutesOf: Map<Entry, number>,
  rule: { sport: Sport; maxMin: number; receivers: (entry: Entry) => boolean },
): void {
  const receivers = entries.filter(rule.receivers);
  if (receivers.length === 0) return;
  const cap = Math.max(5, Math.floor(rule.maxMin / 5) * 5);
  let excess = 0;
  for (const entry of entries) {
    const minutes = minutesOf.get(entry) ?? 0;
    if (entry.sport === rule.sport && minutes > cap) {
      excess += minutes - cap;
      minutesOf.set(entry, cap);
    }
  }
  for (let index = 0; excess > 0; index++) {
    const step = Math.min(5, excess);
    const receiver = receivers[index % receivers.length]!;
    minutesOf.set(receiver, (minutesOf.get(receiver) ?? 0) + step);
    excess -= step;
  }
}

/** In a race plan the other endurance sport the athlete keeps takes the easy sessions; the quality and the long one stay in the goal's sport. */
const CROSS_TRAINING_LABELS = new Set(['endurance', 'recovery']);

export function dailySchedule(phase: PhaseName, goal: WeekPlanGoal, weeklyMin: number, athlete: WeekPlanAthlete, days: WeekDays): ScheduledDay[] {
  const { ftpW, runPace } = athlete;
  const endurance = enduranceSessions(phase, goal.sport, ftpW, goal.general, runPace);
  // Drop the lighter sessions first when there are fewer days than sessions; the long one stays.
  const byImportance = ['long', 'threshold', 'race pace', 'simulation', 'tempo', 'endurance', 'vo2max', 'sharpening', 'recovery'];
  const plan: { day: DayOfWeek; sport: Sport; session: SessionKind }[] = [];
  const otherEndurance = goal.sports.filter((sport): sport is EnduranceSport => (sport === 'cycling' || sport === 'running') && sport !== goal.sport);
  const strength: SessionKind = {
    label: 'strength',
    zones: 'RPE 6-7',
    description: phase === 'base' ? 'Full-body strength: squats, hinges, lunges, core; 3 x 8-10.' : 'Strength maintenance: 2-3 x 5 heavy, core.',
    weight: 0,
  };
  const other: SessionKind = {
    label: goal.otherActivity ?? 'other',
    zones: 'RPE 4-6',
    description: `${goal.otherActivity ?? 'Your other activity'} at a comfortable effort.`,
    weight: 0.8,
  };
  if (goal.sports.includes('lifting')) for (const day of days.liftingDays) plan.push({ day, sport: 'lifting', session: strength });
  let enduranceDays = [...days.trainingDays];
  if (goal.sports.includes('other') && enduranceDays.length > 2) {
    const day = enduranceDays.find((candidate) => candidate !== days.longDay && candidate === 'Thursday') ?? enduranceDays.find((candidate) => candidate !== days.longDay);
    if (day) {
      plan.push({ day, sport: 'other', session: other });
      enduranceDays = enduranceDays.filter((candidate) => candidate !== day);
    }
  }
  const long = endurance.find((session) => isLong(session.label))!;
  const shortDays = enduranceDays.filter((day) => day !== days.longDay);
  const chosen = endurance
    .filter((session) => session !== long)
    .sort((a, b) => byImportance.indexOf(a.label) - byImportance.indexOf(b.label))
    .slice(0, shortDays.length);
  const ordered = endurance.filter((session) => chosen.includes(session));
  ordered.forEach((session, index) => {
    const day = shortDays[index];
    if (!day) return;
    // With two endurance sports, general fitness alternates the shorter sessions; a race plan gives the other sport its easy ones.
    const crossTrains = goal.general ? index % 2 === 1 : CROSS_TRAINING_LABELS.has(session.label);
    const sport = otherEndurance[0] && crossTrains ? otherEndurance[0] : goal.sport;
    plan.push({ day, sport, session });
  });
  if (days.longDay && enduranceDays.includes(days.longDay)) plan.push({ day: days.longDay, sport: goal.sport, session: long });

  const fixedMin = plan.filter((entry) => entry.sport === 'lifting').length * STRENGTH_MIN;
  const flexibleMin = Math.max(0, weeklyMin - fixedMin);
  // The template is the phase's fullest week; its first week is a share of it, and there the long session is the athlete's own,
  // growing at most as the volume may (ADR 0069): a long run is not a third of a week that riding fills.
  const ownLong =
    athlete.recentLongMin !== null && athlete.firstWeekShare > 0 ? { fromMin: athlete.recentLongMin / athlete.firstWeekShare, capMin: athlete.recentLongMin * PEAK_GROWTH } : null;
  const splitOf = (entries: typeof plan) =>
    splitMinutes(
      entries.map((entry) => entry.session.weight),
      entries.findIndex((entry) => entry.session === long),
      flexibleMin,
      ownLong,
    );
  let flexible = plan.filter((entry) => entry.sport !== 'lifting');
  let split = splitOf(flexible);
  // A session too short to be one (strength taking most of a short week) is not written as one: the
  // shortest goes, its minutes to the others, until each has MIN_SESSION_MIN; the week's days say what is left.
  for (;;) {
    const short = flexible
      .map((entry, index) => ({ entry, minutes: split[index] ?? 0 }))
      .filter(({ minutes }) => minutes < MIN_SESSION_MIN)
      .sort((a, b) => a.minutes - b.minutes || Number(a.entry.session === long) - Number(b.entry.session === long))[0];
    if (!short) break;
    plan.splice(plan.indexOf(short.entry), 1);
    flexible = flexible.filter((entry) => entry !== short.entry);
    split = splitOf(flexible);
  }
  const minutesOf = new Map(flexible.map((entry, index) => [entry, split[index] ?? 0]));
  if (!goal.general && otherEndurance[0] && athlete.crossTrainingMaxMin) {
    holdCrossTraining(flexible, minutesOf, { sport: otherEndurance[0], maxMin: athlete.crossTrainingMaxMin, receivers: (entry) => entry.sport === goal.sport && entry.session !== long });
  }
  const alternative = otherEndurance[0] ? enduranceSessions(phase, otherEndurance[0], otherEndurance[0] === 'cycling' ? ftpW : null, goal.general, runPace) : null;
  return DAYS_OF_WEEK.map((dayOfWeek) => {
    const entry = plan.find((candidate) => candidate.day === dayOfWeek);
    if (!entry) return restDay(dayOfWeek);
    const minutes = entry.sport === 'lifting' ? STRENGTH_MIN : (minutesOf.get(entry) ?? 0);
    const session = entry.sport === otherEndurance[0] && alternative ? (alternative[endurance.indexOf(entry.session)] ?? entry.session) : entry.session;
    return {
      dayOfWeek,
      activityType: `${sportName[entry.sport]} - ${session.label}`,
      duration: minutesInWords(minutes),
      durationMin: minutes,
      zones: session.zones,
      description: session.description,
      notes: notesFor(session.label, phase, minutes, goal.general),
      // Only cycling sessions have workout files (the plan's .zwo export); they ride the minutes shown.
      ...(entry.sport === 'cycling' && session.main && minutes > 0 ? { steps: sessionSteps(session.main, minutes, ftpW) } : {}),
    };
  });
}
