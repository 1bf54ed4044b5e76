import type { NextSession, SessionFocus } from '../../../../shared/api/analysis.ts';
import { readinessEvidence, type AnalysisContext } from '../../facts/index.ts';
import { keyInsights } from './insights.ts';
import { cycleSessionSentence } from './cycle-week.ts';
import { chooseNextSession, describeSession, type SessionChoice } from './next-session.ts';
import { performanceSummary } from './performance-summary.ts';
import { trainingPlanProgress } from './plan-progress.ts';
import { readActivity, type Effort, type Reading } from './reading.ts';
import { recoveryAdvice } from './recovery.ts';
import type { CoachAnswer } from './schema.ts';
import { FOCUS_LABELS, voiceFor, type Voice } from './voice.ts';
import { activityNoun, listing, paragraph, plain } from './words.ts';

/**
 * Kai's built-in coach: offline, deterministic and fast. It reads the facts (reading.ts), picks a
 * voice for the style (voice.ts) and the next session (next-session.ts), and writes the seven
 * sections. It quotes numbers only as the facts format them, so every number in its text traces
 * back to a fact or to the next session (grounding.ts).
 */
export function writeBuiltinAnalysis(context: AnalysisContext): CoachAnswer {
  const reading = readActivity(context);
  const voice = voiceFor(context.coaching);
  const next = chooseNextSession(context, reading, voice);
  return {
    subjectLine: subjectLine(context, reading, voice),
    executiveSummary: executiveSummary(context, reading, voice, next),
    feedback: keyInsights(context, reading, voice),
    summary: paragraph(performanceSummary(context, voice), ftpUpdateNote(context), maxHrUpdateNote(context)),
    recovery: recoveryAdvice(context, reading, voice),
    trainingPlanProgress: trainingPlanProgress(context, reading, voice),
    nextActivity: nextActivity(context, reading, voice, next),
    nextSession: next.session,
  };
}

/** The next session the built-in coach would choose from `context`, without writing the analysis. */
export function builtinNextSession(context: AnalysisContext): NextSession {
  return chooseNextSession(context, readActivity(context), voiceFor(context.coaching)).session;
}

/**
 * Kai says when the rides disagree with the FTP the scores use (ADR 0025), with the evidence, and
 * where to update it: a wrong FTP skews every IF, TSS and zone (TrainerRoad and intervals.icu do
 * the same). Stored facts written before this block existed have none.
 */
function ftpUpdateNote(context: AnalysisContext): string | null {
  const update = context.ftpUpdate ?? null;
  if (!update) return null;
  const [ride] = update.evidence;
  const where = ride ? `: your best ${update.effortDuration.text}, ${ride.best20MinPower.text} on ${ride.activityName} (${ride.date.text}), points to ${update.estimate.text}` : `, which puts it at ${update.estimate.text}`;
  // The departure is the estimate's: an estimate above the FTP leaves the FTP below what the rides show.
  const direction = update.departure.value > 0 ? 'below' : 'above';
  return `Your FTP of ${update.current.text} (${update.currentOrigin}) is ${update.departure.text.replace(/^[+−]/, '')} ${direction} what your recent rides show${where}. Update it in Settings to ${update.estimate.text} so intensity and load are scored right.`;
}

/**
 * Kai says when the sport's recordings disagree with the max HR the athlete set (ADR 0060), with
 * the activity, as for the FTP: a wrong max HR skews the heart-rate zones and load.
 */
function maxHrUpdateNote(context: AnalysisContext): string | null {
  const update = context.maxHrUpdate;
  if (!update) return null;
  const [peak] = update.evidence;
  const where = peak ? `: ${peak.peak.text} on ${peak.activityName} (${peak.date.text})` : '';
  const direction = update.departure.value > 0 ? 'below' : 'above';
  return `Your max heart rate of ${update.current.text} (${update.currentOrigin}) is ${update.departure.text.replace(/^[+−]/, '')} ${direction} what your ${update.activities} of the last ${update.window.text} show${where}. Update it in Settings to ${update.estimate.text} so your heart-rate zones and load are scored right.`;
}

const SUBJECT_VERDICTS: Record<Effort, string> = {
  easy: 'easy and controlled',
  moderate: 'solid aerobic work',
  hard: 'a hard, productive session',
  very_hard: 'a very hard day',
};

/** The figures Marginal gains leads with: power scores for a ride, pace and drift for a run. */
function keyFigures(context: AnalysisContext): string[] {
  const { power, averagePace, gradeAdjustedPace, decoupling } = context.activity;
  const figures = power?.normalized
    ? [`NP ${power.normalized.text}`, power.intensityFactor && `IF ${power.intensityFactor.text}`, power.tss && `${power.tss.text} TSS`]
    : [averagePace?.text, gradeAdjustedPace && `GAP ${gradeAdjustedPace.text}`, decoupling && `decoupling ${decoupling.text}`];
  return figures.filter((figure): figure is string => typeof figure === 'string');
}

/** One line, the headline figure first: which one depends on the style and what the activity recorded. */
function subjectLine(context: AnalysisContext, reading: Reading, voice: Voice): string {
  const { activity, rideDetail } = context;
  const noun = activityNoun(activity);
  const { power, distance, averagePace } = activity;
  const verdict = reading.effort ? `: ${SUBJECT_VERDICTS[reading.effort]}` : '';
  if (rideDetail?.type === 'recovery-spin' && reading.effort !== null && reading.effort !== 'easy') {
    return `A recovery ${noun} that turned into training`;
  }
  if (voice.tone === 'gentle') return `${activity.movingTime.text} ${noun}, nicely done`;
  const figures = keyFigures(context);
  if (voice.tone === 'precise' && figures.length > 0) return `${figures.join(', ')}${verdict}`;
  if (distance && power?.normalized) return `${distance.text} ${noun} at ${power.normalized.text} NP${verdict}`;
  if (distance && averagePace) return `${distance.text} ${noun} at ${averagePace.text}${verdict}`;
  if (distance) return `${distance.text} ${noun} in ${activity.movingTime.text}${verdict}`;
  return `${activity.movingTime.text} ${noun}${verdict}`;
}

const GENTLE_VERDICTS: Record<Effort, string> = {
  easy: 'Nice and easy, exactly how some days should feel.',
  moderate: 'A comfortable, steady effort.',
  hard: 'That took real effort; be proud of it.',
  very_hard: 'That was a big one, and your body will want some care now.',
};

const VERDICTS: Record<Effort, string> = {
  easy: 'An easy, controlled effort.',
  moderate: 'A solid aerobic effort.',
  hard: 'A hard session with a real training stimulus.',
  very_hard: 'A very hard session: a big stimulus that needs recovery.',
};

/** Marginal gains, and custom instructions that ask for it: no cushioning. */
const DIRECT_VERDICTS: Record<Effort, string> = {
  easy: 'An easy session: valuable only if easy was the plan.',
  moderate: 'Solid aerobic work; the margin for more is in how long you can hold it.',
  hard: 'A hard session with a real training stimulus; now bank it with recovery.',
  very_hard: 'A very hard session: a big stimulus, worth it only if you recover from it.',
};

const TREND_WORDS: Record<Reading['trend'], string> = { building: 'building', holding: 'holding steady', easing: 'easing' };

function verdict(context: AnalysisContext, reading: Reading, voice: Voice): string | null {
  const detail = context.rideDetail?.type;
  if (detail === 'recovery-spin' && reading.effort !== null && reading.effort !== 'easy') {
    return 'It was meant as a recovery spin but turned into training.';
  }
  if (detail === 'kom-segment') return 'The full-gas effort was the point, and it showed.';
  if (reading.effort === null) return null;
  const verdicts = voice.tone === 'gentle' ? GENTLE_VERDICTS : voice.direct ? DIRECT_VERDICTS : VERDICTS;
  return verdicts[reading.effort];
}

function opening(context: AnalysisContext, voice: Voice): string {
  const { activity } = context;
  const name = plain(activity.name, 80);
  const noun = activityNoun(activity);
  if (voice.tone === 'gentle') {
    return `Nice work on “${name}”: ${activity.distance ? `${activity.distance.text} in ` : ''}${activity.movingTime.text}.`;
  }
  const what = activity.distance ? `${activity.distance.text} ${noun} in ${activity.movingTime.text}` : `${activity.movingTime.text} ${noun}`;
  const climbing = activity.elevationGain ? ` with ${activity.elevationGain.text} of climbing` : '';
  const figures = voice.tone === 'precise' ? keyFigures(context) : [];
  return `“${name}”: ${what}${climbing}${figures.length > 0 ? `: ${figures.join(', ')}` : ''}.`;
}

function loadSentence(context: AnalysisContext, reading: Reading, voice: Voice): string {
  const { load } = context;
  if (voice.tone === 'gentle') {
    return {
      fresh: 'You are fresh, with energy to spare.',
      neutral: 'Training and rest look balanced.',
      loaded: 'You are carrying some fatigue, so the next day should be easy.',
      deep: 'You are carrying a lot of fatigue, so rest comes first now.',
    }[reading.formAfter];
  }
  const change = reading.trend === 'holding' ? '' : ` (${load.fitnessChange.text} on the week)`;
  return (
    `After this ${activityNoun(context.activity)}, your fitness (CTL) is ${TREND_WORDS[reading.trend]} at ${load.onTheDay.fitness.text}${change}, ` +
    `and your form the morning after is ${load.formAfter.text}.`
  );
}

function customNote(voice: Voice): string | null {
  if (voice.style !== 'custom' || !voice.instructionsRecognised) return null;
  const focus = voice.focus.length > 0 ? ` with a focus on ${listing(voice.focus.map((area) => FOCUS_LABELS[area]))}` : '';
  return `Following your instructions${focus}, as far as the built-in coach can read them.`;
}

function executiveSummary(context: AnalysisContext, reading: Reading, voice: Voice, next: SessionChoice): string {
  return paragraph(
    opening(context, voice),
    verdict(context, reading, voice),
    !voice.brief && loadSentence(context, reading, voice),
    customNote(voice),
    `Next up: ${next.session.title.toLowerCase()}.`,
  );
}

const PURPOSES: Record<SessionFocus, string> = {
  recovery: 'an easy session helps you absorb the work instead of digging deeper',
  endurance: 'aerobic volume keeps building fitness without adding much fatigue',
  tempo: 'controlled sweet-spot or tempo work raises what you can sustain',
  threshold: 'threshold work lifts the power or pace you can hold for long',
  vo2max: 'it is the right moment for top-end work',
  strength: 'strength work keeps muscles and tendons robust',
};

const FORM_STATES = {
  deep_fatigue: 'fatigue is high',
  loaded: 'you are carrying fatigue',
  neutral: 'training and rest are in balance',
  fresh: 'you are fresh',
} as const;

function reasonSentence(context: AnalysisContext, next: SessionChoice, voice: Voice): string {
  if (next.reason === 'plan') {
    const { planName, date, restDays } = context.plannedNext!;
    return `Why: it is the session of your plan "${planName}" on ${date.text}${restDays ? `, after ${restDays.text}` : ''}.`;
  }
  if (next.reason === 'after_hard_session') {
    return 'Why: after a hard session the next one stays aerobic, because hard days work when easy days follow.';
  }
  if (next.reason === 'athlete_note') return 'Why: your note says your body needs rest more than training.';
  if (next.reason === 'readiness_strained' || next.reason === 'readiness_steady') return readinessReason(context, next, voice);
  const form = voice.tone === 'gentle' ? '' : ` (form ${context.load.formAfter.text} the morning after)`;
  const gentle = voice.style === 'chill' ? ' Your Chill style keeps it on the gentle side.' : '';
  return `Why: ${FORM_STATES[next.reason]}${form}, so ${PURPOSES[next.session.focus]}.${gentle}`;
}

/** Why readiness decided the session: the inputs that held back, with their figures (gentle: without numbers). */
function readinessReason(context: AnalysisContext, next: SessionChoice, voice: Voice): string {
  const strained = next.reason === 'readiness_strained';
  if (voice.tone === 'gentle' || !context.readiness) {
    return strained
      ? `Why: how you felt this morning says to take it easy, so ${PURPOSES[next.session.focus]}.`
      : "Why: one of this morning's signals was off, so the session stays aerobic.";
  }
  const evidence = readinessEvidence(context.readiness);
  return strained
    ? `Why: your readiness that morning was strained (${evidence}), so ${PURPOSES[next.session.focus]}.`
    : `Why: your readiness that morning was held back (${evidence}), so the session stays aerobic.`;
}

const SESSION_SPORTS: Record<NextSession['sport'], string | null> = {
  ride: 'Ride',
  run: 'Run',
  hike: 'Hike',
  workout: 'Strength',
  other: null,
};

function nextActivity(context: AnalysisContext, reading: Reading, voice: Voice, next: SessionChoice): string {
  const sport = SESSION_SPORTS[next.session.sport];
  const closing =
    voice.tone === 'gentle'
      ? 'Keep it relaxed; if you feel flat, swap it for a rest day without a second thought.'
      : voice.direct
        ? 'Hold the targets precisely; if you cannot hold the bottom of the range, end the set there.'
        : 'Start conservatively and finish feeling you could have done a little more.';
  return paragraph(
    `${sport ? `${sport}: ` : ''}${describeSession(next.session)}`,
    context.rideDetail?.type === 'time-crunch' && 'Kept compact, since time is tight.',
    next.lighterWeek && `Kept short: this is a ${next.lighterWeek} week of your plan.`,
    cycleSessionSentence(context, reading, next),
    reasonSentence(context, next, voice),
    !voice.brief && closing,
  );
}
