import { DAYS_OF_WEEK, type GeneratedPlan, type ScheduledDay } from '../../../shared/api/training-plans.ts';
import { phaseWeekOneStart, type PhaseName, type PlanSchedule } from '../../../shared/domain/plan-phases.ts';
import type { MeasureWriter } from '../../../shared/domain/unit-tokens.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { datedSessions, type DatedSession } from './dated-sessions.ts';
import { minutesInWords, round5 } from './goal-inputs.ts';
import {
  FTP_TEST_EFFORT,
  FTP_TEST_MIN,
  ftpTestSteps,
  sessionSteps,
  TIME_TRIAL_COOLDOWN_MIN,
  TIME_TRIAL_DISTANCE_M,
  TIME_TRIAL_NAME,
  TIME_TRIAL_WARMUP_MIN,
  timeTrialSteps,
} from './session-steps.ts';
import { enduranceSessions, sportName, type EnduranceSport } from './sessions.ts';

/**
 * The plan's progress checks, placed on its calendar (ADR 0069): the test at the end of the base
 * phase is a session on a training day of its last week (in place of a quality or steady session,
 * never the long one), so the calendar, the feed and the workout files hold it; the long-session
 * check is the long session of the build's middle load week; the readiness check is every morning
 * of the first week of the last phase. Each names its day, read from the calendar itself.
 */

export interface CheckInputs {
  sport: EnduranceSport;
  general: boolean;
  ftpW: number | null;
  /** Seconds per km; null when unknown. */
  thresholdPaceSPerKm: number | null;
  /** The athlete's recent average running speed (m/s), for the time trial's minutes; null without runs. */
  runSpeedMps: number | null;
  /** How the checks' distances and paces are written (tokens in a stored plan, ADR 0073). */
  write: MeasureWriter;
}

type Check = GeneratedPlan['progressChecks'][number];

const LONG = / - (long|simulation)$/;
/** The session a test replaces, most preferred first: a quality session before a steady or easy one. */
const REPLACEABLE = ['tempo', 'threshold', 'endurance', 'vo2max', 'recovery'];
/** Warm-up and cool-down around the time trial's 5 km. */
const TIME_TRIAL_EXTRA_MIN = TIME_TRIAL_WARMUP_MIN + TIME_TRIAL_COOLDOWN_MIN;
/** The time trial's effort when the runner's 5 km time cannot be estimated: a 5 km takes most runners 20 minutes or more. */
const TIME_TRIAL_UNKNOWN_EFFORT_MIN = 20;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const weekdayOf = (date: string) => DAYS_OF_WEEK[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
/** 'Saturday 2026-05-02': the day as the plan's text writes its dates. */
const dayText = (date: string) => `${weekdayOf(date)} ${date}`;
const labelOf = (session: DatedSession) => session.scheduled.activityType.replace(/^[^-]+ - /, '');


/** The main sport's sessions of a phase week that are not the race week's, by week number. */
function sessionsOf(dated: readonly DatedSession[], inputs: CheckInputs, phase: PhaseName, week: number): DatedSession[] {
  const prefix = `${sportName[inputs.sport]} - `;
  return dated.filter((session) => session.phase.key === phase && session.weekOfPhase === week && session.weekKind !== 'race' && !session.adjustmentId && session.scheduled.activityType.startsWith(prefix));
}

/** The day of the base test: the latest base week with a session to replace, its most replaceable session (the later on a tie). */
function testDay(dated: readonly DatedSession[], inputs: CheckInputs, baseWeeks: number): DatedSession | null {
  for (let week = baseWeeks; week >= 1; week--) {
    const candidates = sessionsOf(dated, inputs, 'base', week).filter((session) => !LONG.test(session.scheduled.activityType) && REPLACEABLE.includes(labelOf(session)));
    const rank = (session: DatedSession) => REPLACEABLE.indexOf(labelOf(session));
    const best = candidates.sort((a, b) => rank(a) - rank(b) || b.date.localeCompare(a.date))[0];
    if (best) return best;
  }
  return null;
}

function ftpTest(day: DatedSession | null, inputs: CheckInputs, phaseWord: string, baseWeeks: number): Check {
  const { ftpW } = inputs;
  const watts = ftpW ? `, ${Math.round((FTP_TEST_EFFORT[0] * ftpW) / 100)}-${Math.round((FTP_TEST_EFFORT[1] * ftpW) / 100)} W` : '';
  const protocol = 'After a 20 min warm-up and 5 min easy, ride 20 min as hard as you can hold evenly, then cool down 15 min; FTP is 95% of the 20 minutes\' average power.';
  const check: Check = {
    name: 'FTP test',
    timing: timingOf(day, phaseWord, baseWeeks),
    protocol,
    successCriteria: ftpW ? `FTP at or above ${ftpW} W.` : 'A steady 20 minutes you could not have held harder.',
    adjustmentTriggers: 'FTP down, or the test felt much harder than expected: repeat the last base week before the build.',
  };
  if (!day) return check;
  const session: ScheduledDay = {
    dayOfWeek: weekdayOf(day.date),
    activityType: `${sportName.cycling} - FTP test`,
    duration: minutesInWords(FTP_TEST_MIN),
    durationMin: FTP_TEST_MIN,
    zones: `Z4-Z5 (${FTP_TEST_EFFORT[0]}-${FTP_TEST_EFFORT[1]}% FTP${watts}) for the 20 minutes`,
    description: `FTP test. ${protocol}`,
    notes: 'Come to it rested: keep the day before easy.',
    steps: ftpTestSteps(ftpW),
  };
  return { ...check, date: day.date, session };
}

function timeTrial(day: DatedSession | null, inputs: CheckInputs, phaseWord: string, baseWeeks: number): Check {
  // The test's name is '5K' in either unit system (a session's name holds no measure, ADR 0073); its protocol says the distance in the reader's units.
  const protocol = `After a ${TIME_TRIAL_WARMUP_MIN} min warm-up, run ${inputs.write.word('5k')} as evenly and as fast as you can on a flat route, then ${TIME_TRIAL_COOLDOWN_MIN} min easy.`;
  const check: Check = {
    name: TIME_TRIAL_NAME,
    timing: timingOf(day, phaseWord, baseWeeks),
    protocol,
    successCriteria: 'Even or negative splits, and a time to set the build paces from.',
    adjustmentTriggers: 'Splits fading by more than 5%: add a week of steady zone 2 and threshold before the build.',
  };
  if (!day) return check;
  // The 5 km at the athlete's threshold pace, else their recent running speed; else the day's own time, long enough for the test.
  const km = TIME_TRIAL_DISTANCE_M / 1000;
  const fiveKmMin = inputs.thresholdPaceSPerKm !== null ? (km * inputs.thresholdPaceSPerKm) / 60 : inputs.runSpeedMps ? TIME_TRIAL_DISTANCE_M / inputs.runSpeedMps / 60 : null;
  const minutes = fiveKmMin !== null ? round5(TIME_TRIAL_EXTRA_MIN + fiveKmMin) : Math.max(day.durationMin, TIME_TRIAL_EXTRA_MIN + TIME_TRIAL_UNKNOWN_EFFORT_MIN);
  const pace = inputs.thresholdPaceSPerKm !== null ? inputs.write.pace(inputs.thresholdPaceSPerKm) : null;
  const session: ScheduledDay = {
    dayOfWeek: weekdayOf(day.date),
    activityType: `${sportName.running} - ${TIME_TRIAL_NAME}`,
    duration: minutesInWords(minutes),
    durationMin: minutes,
    zones: pace ? `Z4-Z5 (about your threshold pace, ${pace}, or faster)` : 'Z4-Z5 (as hard as you can hold evenly)',
    description: `${TIME_TRIAL_NAME}. ${protocol}`,
    notes: 'Come to it rested: keep the day before easy.',
    // Its workout file: the warm-up, the 5 km (a distance step on a device) and the cool-down.
    steps: timeTrialSteps(minutes - TIME_TRIAL_EXTRA_MIN),
  };
  return { ...check, date: day.date, session };
}

function timingOf(day: DatedSession | null, phaseWord: string, baseWeeks: number): string {
  if (!day) return `End of the ${phaseWord} phase`;
  const week = day.weekOfPhase === baseWeeks ? `the last week of the ${phaseWord} phase` : `week ${day.weekOfPhase} of the ${phaseWord} phase`;
  return `${dayText(day.date)}, ${week}, in place of its ${labelOf(day)} session`;
}

/**
 * The build's long session to check: from the middle week on, the first load week's, else any
 * week's; in a plan so short that the race week holds the build's long sessions, the last long
 * session before it.
 */
function longCheckDay(dated: readonly DatedSession[], inputs: CheckInputs, buildWeeks: number): DatedSession | null {
  const middle = Math.ceil(buildWeeks / 2);
  const weeks = [...Array.from({ length: buildWeeks - middle + 1 }, (_, index) => middle + index), ...Array.from({ length: middle - 1 }, (_, index) => middle - 1 - index)];
  const longOf = (week: number) => sessionsOf(dated, inputs, 'build', week).find((session) => / - long$/.test(session.scheduled.activityType));
  for (const week of weeks) {
    const long = longOf(week);
    if (long && long.weekKind === 'load') return long;
  }
  const anyWeek = weeks.map(longOf).find((long) => long !== undefined);
  if (anyWeek) return anyWeek;
  const prefix = `${sportName[inputs.sport]} - long`;
  return dated.findLast((session) => session.weekKind !== 'race' && !session.adjustmentId && session.scheduled.activityType === prefix) ?? null;
}

function longSessionCheck(day: DatedSession | null, inputs: CheckInputs, words: Record<PhaseName, string>): Check {
  const noun = inputs.sport === 'cycling' ? 'ride' : 'run';
  const check: Check = {
    name: 'Long-session check',
    timing: day ? `${dayText(day.date)}, the long ${noun} of week ${day.weekOfPhase} of the ${words[day.phase.key]} phase` : `Middle of the ${words.build} phase`,
    protocol: `The week's long ${noun}${inputs.general ? ' at a steady effort' : ', with fuelling as planned for the day'}.`,
    successCriteria: 'Heart rate drifts less than 5% at the same output over the last hour; the session feels controlled.',
    adjustmentTriggers: 'Drift above 5% or fading: keep the long session at this length for another load week.',
  };
  if (!day) return check;
  const main = inputs.sport === 'cycling' ? enduranceSessions(day.phase.key, 'cycling', inputs.ftpW, inputs.general).find((session) => session.label === 'long')?.main : undefined;
  const { steps: _steps, ...scheduled } = day.scheduled;
  const session: ScheduledDay = {
    ...scheduled,
    duration: minutesInWords(day.durationMin),
    durationMin: day.durationMin,
    notes: `Long-session check: note your heart rate and output over the last hour. ${day.scheduled.notes}`,
    ...(main ? { steps: sessionSteps(main, day.durationMin, inputs.ftpW) } : {}),
  };
  return { ...check, date: day.date, session };
}

function readinessCheck(schedule: PlanSchedule, inputs: CheckInputs, phaseWord: string): Check {
  const third = schedule.phases[2];
  const week = third ? { from: third.startDate, to: isoDay(Math.min(phaseWeekOneStart(schedule.phases, 2) + 6 * DAY_MS, Date.parse(`${third.endDate}T00:00:00Z`))) } : null;
  return {
    name: inputs.general ? 'Recovery check' : 'Readiness check',
    timing: week ? `Each morning from ${dayText(week.from)} to ${dayText(week.to)}, the first week of the ${phaseWord} phase` : `Start of the ${phaseWord} phase`,
    protocol: 'Each morning: resting heart rate, sleep and how your legs feel, 1 to 5.',
    successCriteria: 'Resting heart rate within 5 bpm of your usual; legs 3 or better most days.',
    adjustmentTriggers: 'Three poor mornings in a row: replace the next quality session with an easy one.',
  };
}

/** The checks of a plan whose calendar is otherwise complete: `plan` without its checks. */
export function progressChecks(plan: GeneratedPlan, schedule: PlanSchedule, inputs: CheckInputs): GeneratedPlan['progressChecks'] {
  const dated = datedSessions({ phases: schedule.phases, generatedPlan: { ...plan, progressChecks: [] } });
  const [base, build] = schedule.phases;
  const words: Record<PhaseName, string> = inputs.general
    ? { base: 'foundation', build: 'development', 'peak-and-taper': 'consolidation' }
    : { base: 'base', build: 'build', 'peak-and-taper': 'peak-and-taper' };
  const baseWeeks = base?.weeks ?? 0;
  const day = testDay(dated, inputs, baseWeeks);
  return [
    inputs.sport === 'cycling' ? ftpTest(day, inputs, words.base, baseWeeks) : timeTrial(day, inputs, words.base, baseWeeks),
    longSessionCheck(longCheckDay(dated, inputs, build?.weeks ?? 0), inputs, words),
    readinessCheck(schedule, inputs, words['peak-and-taper']),
  ];
}
