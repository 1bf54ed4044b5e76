import type { ActivityFacts, PlanComplianceFacts, PlanSessionFacts } from '../../facts/index.ts';
import type { Voice } from './voice.ts';
import { activityNoun, paragraph } from './words.ts';

/**
 * How the built-in coach words planned vs done (ADR 0035): this session against the plan's session
 * it counts for, then the week so far. Every number is a fact's text; nothing when the facts hold
 * no compliance (stored before it, or no session this week).
 */

/** The plan's session this activity counts for: the one of its sport on its day, or moved to its day. */
export function sessionOfActivity(compliance: PlanComplianceFacts, activity: ActivityFacts): PlanSessionFacts | null {
  const day = (fact: PlanSessionFacts['date'] | null) => fact && new Date(fact.value).toISOString().slice(0, 10);
  const ofSport = compliance.sessions.filter((session) => session.family === activity.family && session.done !== null);
  return ofSport.find((session) => session.doneOn === null && day(session.date) === activity.date) ?? ofSport.find((session) => day(session.doneOn) === activity.date) ?? null;
}

const sessionLabel = (name: string) => name.replace(' - ', ' ').toLowerCase();

function thisSession(compliance: PlanComplianceFacts, activity: ActivityFacts, voice: Voice): string | null {
  const session = sessionOfActivity(compliance, activity);
  const noun = activityNoun(activity);
  if (!session) {
    const planned = compliance.sessions.find((entry) => new Date(entry.date.value).toISOString().slice(0, 10) === activity.date);
    return planned
      ? `The plan had ${sessionLabel(planned.name)} for this day, so this ${noun} counts as unplanned.`
      : `The plan had no session of this sport on this day, so this ${noun} counts as unplanned.`;
  }
  const moved = session.doneOn ? ` (planned for ${session.date.text}, done a day ${session.doneOn.value > session.date.value ? 'later' : 'earlier'})` : '';
  const planned = session.planned ? `${session.planned.text}${session.plannedLoad ? ` at a load of ${session.plannedLoad.text}` : ''}` : null;
  const done = `${session.done!.text}${session.doneLoad ? ` at a load of ${session.doneLoad.text}` : ''}`;
  const verdict = session.status === 'completed' ? 'completed' : 'partial: under four fifths of the planned time';
  if (!planned) return `This ${noun} was the plan's ${sessionLabel(session.name)}${moved}: ${done}, completed.`;
  return paragraph(
    `This ${noun} was the plan's ${sessionLabel(session.name)}${moved}: planned ${planned}, done ${done}${session.durationPct ? `, ${session.durationPct.text} of the time` : ''}, so ${verdict}.`,
    voice.tone === 'precise' && session.loadPct && `Load compliance: ${session.loadPct.text}.`,
  );
}

function weekSoFar(compliance: PlanComplianceFacts, voice: Voice): string | null {
  const { week } = compliance;
  if (!week.durationPct) return null;
  const missed = compliance.sessions.filter((session) => session.status === 'missed');
  const load = week.loadPct && week.doneLoad ? `; load ${week.doneLoad.text} of ${week.dueLoad.text} (${week.loadPct.text})` : '';
  return paragraph(
    `The week so far: ${week.done.text} done of ${week.due.text} due (${week.durationPct.text})${load}, ${week.completed.text} of ${week.sessionsDue.text} completed.`,
    missed.length > 0 &&
      voice.tone !== 'gentle' &&
      `Missed: ${missed.map((session) => `${sessionLabel(session.name)} on ${session.date.text}`).join(', ')}.`,
    voice.tone === 'gentle' && missed.length > 0 && 'A missed session is not lost fitness; the next ones carry the week.',
  );
}

export function planComplianceWords(compliance: PlanComplianceFacts | null | undefined, activity: ActivityFacts, voice: Voice): string | null {
  if (!compliance) return null;
  return paragraph(thisSession(compliance, activity, voice), !voice.brief && weekSoFar(compliance, voice)) || null;
}
