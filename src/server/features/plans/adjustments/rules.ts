import type { AdjustmentTrigger, ProposalChangeKind } from '../../../../shared/api/plan-adjustments.ts';
import { DAYS_OF_WEEK, type ScheduledDay } from '../../../../shared/api/training-plans.ts';
import { formatDurationWords, formatNumber, formatShortCalendarDay } from '../../../../shared/format.ts';
import type { DailyReadingKey, DailyReadings, LowDays } from '../../wellness/index.ts';
import type { DayStatus } from '../compliance.ts';
import type { DatedSession, PlannedSessionSnapshot } from '../dated-sessions.ts';
import { enduranceSessions, notesFor, sportName, type EnduranceSport } from '../sessions.ts';
import { sessionSteps } from '../session-steps.ts';
import { addCalendarDays } from '../../../../shared/time.ts';
import { FORM_BANDS, formState } from '../../../../shared/domain/form-bands.ts';

/**
 * The plan answers back (ADR 0050): the deterministic rules that read the last 7 days and the
 * next 7 of a plan, the athlete's readiness and form, and propose concrete changes, each with one
 * sentence of reason that cites the numbers. Pure: the same input gives the same proposals.
 *
 * Triggers, most urgent first; a day one proposal changes is not changed by another:
 * - readiness-low: yesterday's and today's own readings both low (ADR 0056: the day's HRV below
 *   the usual range, or two poor readings of resting HR, sleep and fatigue/soreness) → the next
 *   session of today or tomorrow becomes a rest day, the next intensity session becomes
 *   endurance (≤ 60 min).
 * - form-deep: TSB below −30 → the next intensity session becomes endurance (≤ 60 min), the
 *   next long session is shortened to 75 %.
 * - key-session-missed (only when neither of the above holds: no intensity is added to a tired
 *   athlete): the latest key session of the last 7 days was missed → its work moves onto the
 *   first endurance or recovery session of the next 7 days with no intensity session beside it.
 * - load-high: the last 7 days' done load over 120 % of the planned → the next intensity
 *   session becomes endurance at its minutes.
 * - load-low: under 80 % (and no missed key session moved) → the next long session is shortened
 *   to 80 %, so the plan builds back rather than crams the missed load in.
 * The load is judged only over a full week of the plan: a plan begun fewer than 7 days ago has
 * no "last 7 days" to cite, and one missed first session is not a pattern.
 * No change lands on a day before today, on a session already done, in the race week, or on the
 * race.
 */

export const REVIEW_DAYS = 7;
export const LOAD_LOW_PCT = 80;
export const LOAD_HIGH_PCT = 120;
/** TrainingPeaks' high-risk line: deep fatigue below it, in the one reading of form (shared/domain/form-bands.ts; ADR 0037). */
export const TSB_DEEP = FORM_BANDS.loadedFrom;
/** An intensity session swapped for endurance rides at most this long while the athlete is tired. */
export const TIRED_ENDURANCE_MAX_MIN = 60;
export const FORM_LONG_SHORTEN_PCT = 75;
export const LOW_LOAD_LONG_SHORTEN_PCT = 80;

const INTENSITY_LABELS = new Set(['threshold', 'vo2max', 'tempo', 'race pace', 'sharpening']);
const LONG_LABELS = new Set(['long', 'simulation']);

export interface ReviewDay {
  date: string;
  /** The day's session as the plan stands (accepted changes laid over it); null on a rest day. */
  session: DatedSession | null;
  /** From the plan's compliance (ADR 0035). */
  status: DayStatus;
  /** Planned and done load of the day's session; null when unknown (done: no activity, or one not scored yet). */
  plannedLoad: number | null;
  doneLoad: number | null;
  /** Whether an activity was matched to the day's session. */
  done: boolean;
  /** A day of the race week (its own sessions stay as they are), the race day included. */
  raceWeek: boolean;
}

export interface ReviewInput {
  /** The UTC day it is (YYYY-MM-DD). */
  today: string;
  /** The plan's days from 7 days before today to 6 after (those within the plan), in date order. */
  days: readonly ReviewDay[];
  /** Yesterday's and today's own readings against the usual ones (wellness `lowDays`). */
  lowDays: LowDays;
  /** Form on today's morning from the stored fitness series; null without training history. */
  tsb: number | null;
  /** The plan's FTP (W) when given, for the zones text of a swapped ride. */
  ftpW: number | null;
}

export interface ProposedChange {
  date: string;
  kind: ProposalChangeKind;
  before: PlannedSessionSnapshot | null;
  after: PlannedSessionSnapshot | null;
}

export interface Proposal {
  trigger: AdjustmentTrigger;
  /**
   * What situation it answers: the same situation reviewed again gives the same key, so it is not
   * proposed twice (a missed session by its day; the other triggers by themselves).
   */
  situation: string;
  reason: string;
  evidence: Record<string, number | string>;
  changes: ProposedChange[];
}

const dayText = (day: string) => formatShortCalendarDay(day);
const minutesText = (minutes: number) => formatDurationWords(minutes * 60);
const round5 = (minutes: number) => Math.max(5, Math.round(minutes / 5) * 5);

export const sessionLabelOf = (activityType: string) => activityType.split(' - ').slice(1).join(' - ');
const sportOf = (activityType: string): EnduranceSport | null =>
  activityType.startsWith('Cycling - ') ? 'cycling' : activityType.startsWith('Running - ') ? 'running' : null;
export const isIntensity = (session: DatedSession | null) => session !== null && INTENSITY_LABELS.has(sessionLabelOf(session.scheduled.activityType));
export const isLong = (session: DatedSession | null) => session !== null && LONG_LABELS.has(sessionLabelOf(session.scheduled.activityType));
const isKey = (session: DatedSession | null) => isIntensity(session) || isLong(session);
const snapshot = (session: DatedSession): PlannedSessionSnapshot => ({ scheduled: session.scheduled, durationMin: session.durationMin });
const dayOfWeek = (day: string) => DAYS_OF_WEEK[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** The plan's own session of this kind in the session's phase, at `minutes` (a ride with its steps). */
export function replacement(session: DatedSession, label: 'endurance' | 'recovery', minutes: number, ftpW: number | null): ScheduledDay {
  const sport = sportOf(session.scheduled.activityType)!;
  const kind = enduranceSessions(session.phase.key, sport, ftpW, false).find((candidate) => candidate.label === label)!;
  return {
    dayOfWeek: dayOfWeek(session.date),
    activityType: `${sportName[sport]} - ${label}`,
    duration: minutesText(minutes),
    durationMin: minutes,
    zones: kind.zones,
    description: kind.description,
    notes: notesFor(label, session.phase.key, minutes, false),
    ...(sport === 'cycling' && kind.main ? { steps: sessionSteps(kind.main, minutes, ftpW) } : {}),
  };
}

/** The same session on another day (its steps follow its minutes when the files are written). */
function movedTo(session: DatedSession, date: string): PlannedSessionSnapshot {
  return { scheduled: { ...session.scheduled, dayOfWeek: dayOfWeek(date) }, durationMin: session.durationMin };
}

function listed(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** A change in words, e.g. 'Thu, Nov 26 becomes 1 h endurance instead of threshold'. */
function changeText(change: ProposedChange): string {
  const label = (snap: PlannedSessionSnapshot | null) => (snap ? sessionLabelOf(snap.scheduled.activityType) : '');
  switch (change.kind) {
    case 'rest':
      return `${dayText(change.date)} becomes a rest day instead of ${minutesText(change.before!.durationMin)} ${label(change.before)}`;
    case 'swap':
      return `${dayText(change.date)} becomes ${minutesText(change.after!.durationMin)} ${label(change.after)} instead of ${label(change.before)}`;
    case 'shorten':
      return `${dayText(change.date)}'s ${label(change.before)} is shortened from ${minutesText(change.before!.durationMin)} to ${minutesText(change.after!.durationMin)}`;
    case 'move':
      return `the ${label(change.after)} work moves to ${dayText(change.date)}${change.before ? ` in place of ${label(change.before)}` : ''}`;
  }
}

/** How each poor reading is cited, with its number as the reason shows it. */
const READING_ORDER: readonly DailyReadingKey[] = ['hrv', 'restingHr', 'sleepHours', 'sleepQuality', 'fatigue', 'soreness'];
const READING_NAMES: Record<DailyReadingKey, string> = {
  hrv: 'HRV',
  restingHr: 'resting HR',
  sleepHours: 'sleep',
  sleepQuality: 'sleep rated',
  fatigue: 'fatigue',
  soreness: 'soreness',
};
const readingValue = (key: DailyReadingKey, value: number) => {
  switch (key) {
    case 'hrv':
      return `${formatNumber(value)} ms`;
    case 'restingHr':
      return `${formatNumber(value)} bpm`;
    case 'sleepHours':
      return `of ${formatDurationWords(Math.round(value * 60) * 60)}`;
    default:
      return `${value} of 5`;
  }
};
/** What the evidence stores: the number as the sentence cites it. */
const evidenceValue = (key: DailyReadingKey, value: number) => (key === 'hrv' || key === 'restingHr' ? Math.round(value) : value);

/**
 * The readiness-low reason's opening and its evidence: each poor reading with its day and number,
 * and the usual range of HRV and resting HR where those are cited, each day's as the day was judged
 * against it (its own baselines, ADR 0056), e.g. "HRV 35 ms yesterday and 33 ms today, below your
 * usual 52–68 ms", or, when the range moved between the days, "HRV 35 ms yesterday (usual 50–66 ms)
 * and 33 ms today (usual 52–68 ms)".
 */
export function lowDaysReason(low: LowDays, today: string): { why: string; evidence: Record<string, number | string> } {
  const evidence: Record<string, number | string> = { lowDays: low.days.length, since: low.days[0]!.date };
  const dayWord = (date: string) => (date === today ? 'today' : date === addCalendarDays(today, -1) ? 'yesterday' : dayText(date));
  const dayKey = (date: string) => (date === today ? 'Today' : 'Yesterday');
  /** The usual value a day's reading of `key` was judged against, as the sentence cites it; null when none is cited. */
  const usualText = (key: DailyReadingKey, day: DailyReadings): string | null => {
    if (key === 'hrv' && day.usual.hrv) {
      const [from, to] = [formatNumber(day.usual.hrv.lowMs), formatNumber(day.usual.hrv.highMs)];
      return from === to ? `${from} ms` : `${from}–${to} ms`;
    }
    if (key === 'restingHr' && day.usual.restingHrBpm !== null) return `${formatNumber(day.usual.restingHrBpm)} bpm`;
    return null;
  };
  const usualEvidence = (key: DailyReadingKey, day: DailyReadings, suffix: string) => {
    if (key === 'hrv' && day.usual.hrv) {
      evidence[`hrvLowMs${suffix}`] = Math.round(day.usual.hrv.lowMs);
      evidence[`hrvHighMs${suffix}`] = Math.round(day.usual.hrv.highMs);
    }
    if (key === 'restingHr' && day.usual.restingHrBpm !== null) evidence[`restingHrUsualBpm${suffix}`] = Math.round(day.usual.restingHrBpm);
  };
  const groups: { key: DailyReadingKey; text: string; usual: string | null }[] = [];
  for (const key of READING_ORDER) {
    const readings = low.days.flatMap((day) => day.poor.filter((reading) => reading.key === key).map((reading) => ({ day, value: reading.value })));
    if (readings.length === 0) continue;
    for (const reading of readings) evidence[`${key}${dayKey(reading.day.date)}`] = evidenceValue(key, reading.value);
    const texts = readings.map((reading) => readingValue(key, reading.value));
    const usuals = readings.map((reading) => usualText(key, reading.day));
    if (usuals.some((usual) => usual !== usuals[0])) {
      // The days were judged against different usual values: each reading with its own.
      for (const reading of readings) usualEvidence(key, reading.day, dayKey(reading.day.date));
      const each = readings.map((reading, index) => `${texts[index]} ${dayWord(reading.day.date)}${usuals[index] ? ` (usual ${usuals[index]})` : ''}`);
      groups.push({ key, text: `${READING_NAMES[key]} ${listed(each)}`, usual: null });
      continue;
    }
    usualEvidence(key, readings[0]!.day, '');
    const sameValue = texts.every((text) => text === texts[0]);
    const when = sameValue
      ? `${texts[0]} ${listed(readings.map((reading) => dayWord(reading.day.date)))}`
      : listed(readings.map((reading, index) => `${texts[index]} ${dayWord(reading.day.date)}`));
    groups.push({ key, text: `${READING_NAMES[key]} ${when}`, usual: usuals[0] ?? null });
  }
  const texts = groups.map((group) => {
    if (!group.usual) return group.text;
    if (groups.length === 1) return `${group.text}, ${group.key === 'hrv' ? 'below' : 'above'} your usual ${group.usual}`;
    return `${group.text} (usual ${group.usual})`;
  });
  const text = listed(texts);
  return { why: `${text.charAt(0).toUpperCase()}${text.slice(1)}`, evidence };
}

/** The changes of the most urgent triggers that fire, one proposal per trigger, no day changed twice. */
export function reviewPlan(input: ReviewInput): Proposal[] {
  const { today, days, tsb, ftpW } = input;
  const lastDay = addCalendarDays(today, REVIEW_DAYS - 1);
  const claimed = new Set<string>();
  const ahead = days.filter((day) => day.date >= today && day.date <= lastDay);
  /** A day whose session may change: still to do, of a sport with session kinds, not in the race week, not taken by another proposal. */
  const changeable = (day: ReviewDay) =>
    day.session !== null && day.status === 'future' && !day.raceWeek && !day.session.isRaceDay && sportOf(day.session.scheduled.activityType) !== null && !claimed.has(day.date);
  const first = (test: (day: ReviewDay) => boolean) => ahead.find((day) => changeable(day) && test(day));
  const proposals: Proposal[] = [];
  const propose = (proposal: Omit<Proposal, 'reason'>, why: string, after = '') => {
    if (proposal.changes.length === 0) return;
    for (const change of proposal.changes) claimed.add(change.date);
    proposals.push({ ...proposal, reason: `${why}: ${listed(proposal.changes.map(changeText))}${after}.` });
  };
  const swap = (day: ReviewDay, maxMin: number | null): ProposedChange => {
    const session = day.session!;
    const minutes = maxMin === null ? session.durationMin : Math.min(session.durationMin, maxMin);
    return { date: day.date, kind: 'swap', before: snapshot(session), after: { scheduled: replacement(session, 'endurance', minutes, ftpW), durationMin: minutes } };
  };
  const shorten = (day: ReviewDay, pct: number): ProposedChange | null => {
    const session = day.session!;
    const minutes = round5((session.durationMin * pct) / 100);
    if (minutes >= session.durationMin) return null;
    return { date: day.date, kind: 'shorten', before: snapshot(session), after: { scheduled: session.scheduled, durationMin: minutes } };
  };

  // Yesterday's and today's own readings both low.
  const readinessLow = input.lowDays.lowRunning;
  if (readinessLow) {
    const changes: ProposedChange[] = [];
    const rest = ahead.find((day) => day.date <= addCalendarDays(today, 1) && changeable(day));
    if (rest) {
      changes.push({ date: rest.date, kind: 'rest', before: snapshot(rest.session!), after: null });
      claimed.add(rest.date);
    }
    const hard = first((day) => isIntensity(day.session));
    if (hard) changes.push(swap(hard, TIRED_ENDURANCE_MAX_MIN));
    const { why, evidence } = lowDaysReason(input.lowDays, today);
    propose({ trigger: 'readiness-low', situation: 'readiness-low', evidence, changes }, why);
  }

  const formDeep = tsb !== null && formState(tsb) === 'deep';
  if (formDeep) {
    const changes: ProposedChange[] = [];
    const hard = first((day) => isIntensity(day.session));
    if (hard) {
      changes.push(swap(hard, TIRED_ENDURANCE_MAX_MIN));
      claimed.add(hard.date);
    }
    const long = first((day) => isLong(day.session));
    const shorter = long ? shorten(long, FORM_LONG_SHORTEN_PCT) : null;
    if (shorter) changes.push(shorter);
    const rounded = Math.round(tsb);
    propose({ trigger: 'form-deep', situation: 'form-deep', evidence: { tsb: rounded }, changes }, `Form (TSB) is ${formatNumber(rounded)}, below ${formatNumber(TSB_DEEP)}`);
  }

  const past = days.filter((day) => day.date >= addCalendarDays(today, -REVIEW_DAYS) && day.date < today);
  let keyMoved = false;
  if (!readinessLow && !formDeep) {
    const missed = [...past].reverse().find((day) => day.status === 'missed' && isKey(day.session) && sportOf(day.session!.scheduled.activityType) !== null);
    if (missed) {
      const session = missed.session!;
      const sport = sportOf(session.scheduled.activityType);
      const byDate = new Map(days.map((day) => [day.date, day]));
      const hardBeside = (date: string) => [addCalendarDays(date, -1), addCalendarDays(date, 1)].some((near) => isIntensity(byDate.get(near)?.session ?? null));
      const target = first((day) => {
        const label = sessionLabelOf(day.session!.scheduled.activityType);
        return (label === 'endurance' || label === 'recovery') && sportOf(day.session!.scheduled.activityType) === sport && !hardBeside(day.date);
      });
      if (target) {
        keyMoved = true;
        const evidence: Record<string, number | string> = { missedDate: missed.date, missedMin: session.durationMin };
        if (tsb !== null) evidence.tsb = Math.round(tsb);
        const label = sessionLabelOf(session.scheduled.activityType);
        propose(
          {
            trigger: 'key-session-missed',
            situation: `key-session-missed:${missed.date}`,
            evidence,
            changes: [{ date: target.date, kind: 'move', before: snapshot(target.session!), after: movedTo(session, target.date) }],
          },
          `The ${minutesText(session.durationMin)} ${label} session of ${dayText(missed.date)} was missed${tsb !== null ? ` and form (TSB) is ${formatNumber(Math.round(tsb))}` : ''}`,
        );
      }
    }
  }

  // The last 7 days' load: planned against done over the sessions with a planned load; a done one not yet scored leaves it unknown.
  const fullWeek = past.length === REVIEW_DAYS;
  const due = fullWeek ? past.filter((day) => day.session !== null && day.plannedLoad !== null) : [];
  const dueLoad = due.reduce((sum, day) => sum + day.plannedLoad!, 0);
  const unknown = due.some((day) => day.done && day.doneLoad === null);
  if (dueLoad > 0 && !unknown) {
    const doneLoad = due.reduce((sum, day) => sum + (day.doneLoad ?? 0), 0);
    const loadPct = Math.round((doneLoad / dueLoad) * 100);
    const evidence = { loadPct, dueLoad: Math.round(dueLoad), doneLoad: Math.round(doneLoad) };
    const why = `The last 7 days brought ${loadPct} % of the planned load (${formatNumber(doneLoad)} of ${formatNumber(dueLoad)})`;
    if (loadPct > LOAD_HIGH_PCT) {
      const hard = first((day) => isIntensity(day.session));
      propose({ trigger: 'load-high', situation: 'load-high', evidence, changes: hard ? [swap(hard, null)] : [] }, why, ', to absorb the extra load');
    } else if (loadPct < LOAD_LOW_PCT && !keyMoved) {
      const long = first((day) => isLong(day.session));
      const shorter = long ? shorten(long, LOW_LOAD_LONG_SHORTEN_PCT) : null;
      propose({ trigger: 'load-low', situation: 'load-low', evidence, changes: shorter ? [shorter] : [] }, why, ', so the plan builds back up rather than crams the missed load in');
    }
  }
  return proposals;
}
