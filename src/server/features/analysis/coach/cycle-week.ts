import type { ActivityFacts, AnalysisContext, MesocycleFacts } from '../../facts/index.ts';
import type { SessionChoice } from './next-session.ts';
import type { Reading } from './reading.ts';
import type { Voice } from './voice.ts';
import { activityNoun, capitalize } from './words.ts';

/**
 * How the built-in coach speaks about the week of the four-week load cycle (spec §3 "Mesocycle
 * weeks"): it names the week, judges the activity against what the week asks for, and says how
 * the week shaped recovery and the next session. Every sentence here needs a cycle week; without
 * one the coach writes nothing of it. Numbers are the facts' texts: the week ('week 4') and its
 * load ('60–70%').
 */

/** 'week 4 of your load cycle (Deload / Taper / Recovery)', to sit inside a sentence. */
function weekOfCycle(cycle: MesocycleFacts): string {
  return `${cycle.week.text} of your load cycle (${cycle.name})`;
}

/** 'Week 4 of your load cycle: Deload / Taper / Recovery', to head a sentence. */
function cycleHeadline(cycle: MesocycleFacts): string {
  return `${capitalize(cycle.week.text)} of your load cycle: ${cycle.name}`;
}

/** The sentence the Progress section adds: where the cycle stands, plan or no plan. */
export function cycleProgress(context: AnalysisContext): string | null {
  const cycle = context.mesocycle;
  return cycle && `${cycleHeadline(cycle)}.`;
}

/** What recovering well means in each week, after the form sentence. */
const RECOVERY_FOCUS: Record<number, { balanced: string; gentle: string }> = {
  1: {
    balanced: 'A restorative week: keep the easy days truly easy and let sleep do its work.',
    gentle: 'A restorative week, so easy, unhurried sessions are exactly right.',
  },
  2: {
    balanced: "Recovery decides whether the week's structured sessions turn into fitness: easy days between them, and fuel them well.",
    gentle: 'Rest well between the harder sessions so they feel good.',
  },
  3: {
    balanced: 'The highest load of the cycle: sleep and eat as if they were part of the training, because this week they are.',
    gentle: 'The fullest week of the cycle: extra sleep and good food help you carry it.',
  },
  4: {
    balanced: 'Freshness is the point of this week, not a signal to add intensity: easy, short sessions and extra sleep let the last weeks sink in.',
    gentle: 'A lighter week: enjoy the easy days, this is when your body absorbs the work.',
  },
};

/** The Recovery section's sentence on the cycle week: its name, its load (not in a gentle voice) and what recovery means in it. */
export function cycleRecovery(context: AnalysisContext, voice: Voice): string | null {
  const cycle = context.mesocycle;
  if (!cycle) return null;
  const focus = RECOVERY_FOCUS[cycle.week.value];
  if (!focus) return null;
  if (voice.tone === 'gentle') return `This is ${cycle.week.text} of your load cycle: ${cycle.name}. ${focus.gentle}`;
  return `${cycleHeadline(cycle)}, about ${cycle.loadOfBaseline.text} of your baseline load. ${focus.balanced}`;
}

/** The figure that shows how hard the activity was: IF with power, the share at or above threshold with zones. */
function intensityEvidence(activity: ActivityFacts): string | null {
  const intensityFactor = activity.power?.intensityFactor;
  if (intensityFactor) return `IF ${intensityFactor.text}`;
  const zones = activity.powerZones ?? activity.hrZones;
  return zones && `${zones.hardShare.text} of the time at or above threshold`;
}

/** Long enough to count as the long session of a high-load week. */
const LONG_SESSION_S = 90 * 60;

/**
 * A Key Insight: this activity against what its cycle week asks for. A hard session in the
 * foundation or deload week is flagged, easy work in them is on intent; a structured session
 * suits the load week, a long or hard one is the high-load week's key session.
 */
export function cycleInsight(context: AnalysisContext, reading: Reading, voice: Voice): string | null {
  const cycle = context.mesocycle;
  const effort = reading.effort;
  if (!cycle || effort === null) return null;
  const { activity } = context;
  const week = weekOfCycle(cycle);
  const noun = activityNoun(activity);
  const evidence = intensityEvidence(activity);
  const hard = effort === 'hard' || effort === 'very_hard';
  const withEvidence = evidence ? ` (${evidence})` : '';
  switch (cycle.week.value) {
    case 1:
      if (hard) {
        return voice.tone === 'gentle'
          ? `This was harder than ${week} asks for${withEvidence}; it is a restorative week, so let the next days be easy ones.`
          : `Off intent for ${week}: the week asks for Z2 and a restorative tone, and this was a hard ${noun}${withEvidence}. Keep the rest of the week easy.`;
      }
      return effort === 'easy'
        ? `On intent for ${week}: easy aerobic work like this is what the week is built from.`
        : `A little above what ${week} asks for: it is a Z2, restorative week, so keep the next sessions easier.`;
    case 2:
      return {
        easy: `An easy day in ${week} keeps the structured sessions sharp.`,
        moderate: `Steady aerobic volume for ${week}: the week's extra load comes from one or two structured sessions, so make those count.`,
        hard: `On intent for ${week}: a structured session like this${withEvidence} is what the week is for; one or two of them are enough.`,
        very_hard: `Very hard even for ${week}${withEvidence}: the week asks for one or two structured sessions, not all-out days. Recover before the next one.`,
      }[effort];
    case 3:
      if (hard) return `On intent for ${week}: a hard ${noun} like this${withEvidence} can be this sport's key session of the week; one is enough.`;
      if (activity.movingTime.value >= LONG_SESSION_S) {
        return `On intent for ${week}: a long ${noun} like this (${activity.movingTime.text}) builds the durability the week is for.`;
      }
      return `Supporting volume for ${week}: the week rests on one key session per sport, with easy days around it.`;
    case 4:
      if (hard) {
        return voice.tone === 'gentle'
          ? `This was harder than ${week} asks for${withEvidence}; it is a lighter week, so give your body easy days now.`
          : `Off intent for ${week}: this was a hard ${noun}${withEvidence} in a deload week. Hard work now eats into the recovery the week is for; keep the rest of the week easy, short openers at most.`;
      }
      return effort === 'easy'
        ? `On intent for ${week}: easy and light, exactly what a deload asks for.`
        : `Steady for a deload: ${week} asks for easy sessions, so keep the next ones lighter.`;
    default:
      return null;
  }
}

/** The Next Session's sentence on how the cycle week shaped it (next-session.ts CycleEffect). */
export function cycleSessionSentence(context: AnalysisContext, reading: Reading, next: SessionChoice): string | null {
  const cycle = context.mesocycle;
  if (!cycle || !next.cycle) return null;
  const week = capitalize(weekOfCycle(cycle));
  const title = next.session.title.toLowerCase();
  switch (next.cycle) {
    case 'plan_lighter_week':
      return `Your plan's ${next.lighterWeek ?? 'lighter'} week sets this session, ahead of ${weekOfCycle(cycle)}.`;
    case 'foundation':
      return `${week} keeps it to Z2 endurance at most: a restorative week.`;
    case 'structured':
      return `${week} is the week for one or two structured sessions, and your form allows this one.`;
    case 'key_session':
      return `${week} asks for one key session per sport: make this ${title} it.`;
    case 'deload':
      return (
        `${week}: shorter and easier than usual, for about ${cycle.loadOfBaseline.text} of your baseline load. ` +
        'Short openers near the end are optional if your legs feel flat.'
      );
    case 'held':
      return cycle.week.value === 3 ? keySessionHeld(context, reading, week) : `${week} has room for one or two structured sessions, but not today.`;
  }
}

function keySessionHeld(context: AnalysisContext, reading: Reading, week: string): string {
  const hard = reading.effort === 'hard' || reading.effort === 'very_hard';
  const waits =
    context.rideDetail?.type === 'time-crunch'
      ? 'it waits for a day with more time'
      : hard
        ? `this hard ${activityNoun(context.activity)} may well have been it`
        : 'it waits until you are fresher';
  return `${week} asks for one key session per sport; ${waits}.`;
}
