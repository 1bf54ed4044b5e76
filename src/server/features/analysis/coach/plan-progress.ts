import type { PhaseName } from '../../../../shared/domain/plan-phases.ts';
import type { AnalysisContext, PlanFacts, PlanPhaseFacts } from '../../facts/index.ts';
import { cycleProgress } from './cycle-week.ts';
import { planComplianceWords } from './plan-compliance-words.ts';
import type { Effort, Reading } from './reading.ts';
import type { Voice } from './voice.ts';
import { activityNoun, familyNoun, listing, paragraph, plain, quote } from './words.ts';

/**
 * The Progress on the training plan section (trainingPlanProgress). With an active plan it says
 * where the activity fell in it (phase, week, time to the event), what that phase is for and how
 * this session served it; without one it says so and offers what it can measure instead. Every
 * number is a fact's text (grounding.ts).
 */
export function trainingPlanProgress(context: AnalysisContext, reading: Reading, voice: Voice): string {
  const [plan, ...others] = context.activePlans;
  if (!plan) return paragraph(withoutPlan(context, reading, voice), cycleProgress(context));
  const alsoActive = others.length > 0 && `Also active: ${listing(others.map((other) => quote(other.name, 80)))}.`;
  const body =
    plan.standing === 'running' && plan.phase
      ? runningPlan(context, reading, voice, plan, plan.phase)
      : plan.standing === 'upcoming'
        ? upcomingPlan(context, reading, voice, plan)
        : completedPlan(context, reading, voice, plan);
  return paragraph(body, alsoActive, cycleProgress(context));
}

/** Where the phases stand: the taper is the last weeks of the peak-and-taper phase. */
type PhaseMoment = PhaseName | 'taper';

/** How a session of each effort serves each phase (spec §4 phases; the generated objectives). */
const PHASE_FIT: Record<PhaseMoment, Record<Effort, string>> = {
  base: {
    easy: 'Easy aerobic time like this is the backbone of the base phase.',
    moderate: 'Steady aerobic work like this is exactly what the base is built from.',
    hard: 'A hard session in the base phase: worth it once a week, while most of the work stays easy.',
    very_hard: 'Very hard for the base phase: the aerobic base grows from steady volume more than from days like this.',
  },
  build: {
    easy: 'An easy day between the quality sessions keeps them sharp.',
    moderate: 'Useful aerobic volume that carries the quality sessions of the build phase.',
    hard: 'A quality session like this is what the build phase is for.',
    very_hard: 'The build phase asks for intensity, and recovery decides whether a session this hard turns into fitness.',
  },
  'peak-and-taper': {
    easy: 'Easy days keep you fresh for the goal-specific sessions of the peak.',
    moderate: 'Steady work that holds your volume through the peak.',
    hard: 'Goal-specific intensity, as the peak asks for.',
    very_hard: 'Very hard even for the peak: arrive at the key sessions fresh rather than tired.',
  },
  taper: {
    easy: 'Easy and short is right for the taper: the fitness is built, now the fatigue goes.',
    moderate: 'Keep taper sessions short: the fitness is built, now the fatigue goes.',
    hard: 'Short, sharp intensity keeps you sharp in the taper, as long as the volume stays down.',
    very_hard: 'A very hard session this close to the goal costs freshness; keep the rest of the taper light.',
  },
};

const WEEK_NOTES = { recovery: ', a recovery week', taper: ', a taper week', load: '', peak: '' } as const;

/** 'Build aerobic…' as the end of a sentence; an acronym at the start stays as it is. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** '9 weeks to the event', '3 days to your target date', 'the day of the event'; null without a target ahead. */
function timeToTarget(plan: PlanFacts): string | null {
  const { target } = plan;
  if (!target) return null;
  return target.timeLeft.value === 0 ? `the day of ${target.label}` : `${target.timeLeft.text} to ${target.label}`;
}

function runningPlan(context: AnalysisContext, reading: Reading, voice: Voice, plan: PlanFacts, phase: PlanPhaseFacts): string {
  const where = `week ${phase.weekOfPhase.text} of ${phase.weeks.text} of the ${phase.name} phase${phase.weekKind ? WEEK_NOTES[phase.weekKind] : ''}`;
  const target = timeToTarget(plan);
  const headline =
    voice.tone === 'gentle'
      ? `You are in ${where} of ${quote(plan.name, 80)}${target ? `, ${target}` : ''}.`
      : `${quote(plan.name, 80)}: ${where}${target ? `, ${target}` : ''}.`;
  const moment: PhaseMoment = phase.weekKind === 'taper' ? 'taper' : phase.key;
  const { volume } = plan;
  const noun = activityNoun(context.activity);
  return paragraph(
    headline,
    voice.tone === 'precise' && plan.weekOfPlan && `Week ${plan.weekOfPlan.text} of ${plan.totalWeeks.text} of the plan (${plain(plan.goal, 120)}).`,
    phase.objective && `The phase's objective: ${lowerFirst(plain(phase.objective, 200))}`,
    reading.effort && PHASE_FIT[moment][reading.effort],
    planComplianceWords(plan.compliance, context.activity, voice) ??
      (voice.tone !== 'gentle' &&
        volume?.plannedWeekTime &&
        `This week is planned at ${volume.plannedWeekTime.text} of training; this ${noun} took ${context.activity.movingTime.text} of it.`),
    voice.tone !== 'gentle' && !voice.brief && volume?.weeklyFocus && `Weekly focus: ${lowerFirst(plain(volume.weeklyFocus, 300))}`,
  );
}

function upcomingPlan(context: AnalysisContext, reading: Reading, voice: Voice, plan: PlanFacts): string {
  const target = timeToTarget(plan);
  return paragraph(
    `${quote(plan.name, 80)} starts on ${plan.startDate.text}, after this ${activityNoun(context.activity)}${target ? ` (${target})` : ''}.`,
    voice.tone === 'gentle'
      ? 'Everything you do until then is a head start.'
      : `Until then, sessions like this one are the fitness you bring into its ${plan.totalWeeks.text} weeks.`,
    recentTraining(context, reading, voice),
  );
}

function completedPlan(context: AnalysisContext, reading: Reading, voice: Voice, plan: PlanFacts): string {
  return paragraph(
    `${quote(plan.name, 80)} ended on ${plan.endDate.text}, before this ${activityNoun(context.activity)}.`,
    voice.tone === 'gentle'
      ? 'Well done on seeing it through. When you are ready, a new plan under Training plan gives the next weeks a shape.'
      : 'Set your next goal under Training plan and I will track every session against the new plan.',
    recentTraining(context, reading, voice),
  );
}

const TREND_VERBS: Record<Exclude<Reading['trend'], 'holding'>, string> = { building: 'rose', easing: 'eased' };

/** What the built-in coach can measure without a plan: the recent sessions and the fitness trend. */
function recentTraining(context: AnalysisContext, reading: Reading, voice: Voice): string {
  const { recentTraining: recent, load } = context;
  const lastDays = `${recent.sessions.text} in the last ${recent.days.text}`;
  if (voice.tone === 'gentle') return `For now: ${lastDays}, ${recent.movingTime.text} of moving.`;
  const sports = recent.bySport.map(
    (sport) => `${familyNoun(sport.family)} ${sport.sessions.text}, ${sport.movingTime.text}${sport.load ? `, load ${sport.load.text}` : ''}`,
  );
  return paragraph(
    recent.load
      ? `Meanwhile: ${lastDays}, ${recent.movingTime.text} and a training load of ${recent.load.text}.`
      : `Meanwhile: ${lastDays}, ${recent.movingTime.text} in all.`,
    voice.tone === 'precise' && sports.length > 1 && `By sport: ${sports.join('; ')}.`,
    reading.trend === 'holding'
      ? `Fitness (CTL) held at ${load.onTheDay.fitness.text} over the week.`
      : `Fitness (CTL) ${TREND_VERBS[reading.trend]} from ${load.weekBefore.fitness.text} to ${load.onTheDay.fitness.text} over the week.`,
  );
}

/** No active plan: the section says so plainly and offers what it can measure instead, without inventing a plan. */
function withoutPlan(context: AnalysisContext, reading: Reading, voice: Voice): string {
  if (voice.tone === 'gentle') {
    return paragraph(
      'There is no training plan yet, and that is perfectly fine.',
      'If you would like a bit of structure, create one under Training plan and I will keep an eye on how each session fits.',
      recentTraining(context, reading, voice),
    );
  }
  return paragraph(
    voice.tone === 'precise'
      ? 'No active training plan: without a target, gains are harder to steer.'
      : `You do not have an active training plan yet, so there is nothing to measure this ${activityNoun(context.activity)} against.`,
    'Create one under Training plan, for an event, a personal record or general fitness, and I will track every session against it.',
    recentTraining(context, reading, voice),
  );
}
