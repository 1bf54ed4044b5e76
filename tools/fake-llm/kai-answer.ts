import type { NextSession } from '../../src/shared/api/analysis.ts';
import type { ChatCompletionRequest } from './protocol.ts';

/**
 * A well-formed answer to Kairo's coach prompt, written from the facts in it the way a
 * well-behaved model would: every number is quoted from the facts as written, or belongs to the
 * next session. Deterministic: the same prompt gives the same answer.
 */
export function kaiAnswer(request: ChatCompletionRequest): Record<string, unknown> {
  const facts = promptFacts(request);
  const activity = record(facts.activity);
  const load = facts.load === undefined ? null : record(facts.load);
  const recent = facts.recentTraining === undefined ? null : record(facts.recentTraining);
  const name = text(activity.name) ?? 'your activity';
  const movingTime = text(activity.movingTime) ?? 'a while';
  const distance = text(activity.distance);
  const family = text(activity.family) ?? 'other';
  const noun = { ride: 'ride', run: 'run', hike: 'hike', workout: 'workout' }[family] ?? 'session';
  const what = distance ? `${distance} ${noun} in ${movingTime}` : `${movingTime} ${noun}`;
  const session: NextSession = {
    sport: (['ride', 'run', 'hike', 'workout'].includes(family) ? family : 'other') as NextSession['sport'],
    focus: 'endurance',
    title: 'Easy endurance',
    totalDurationS: 2700,
    steps: [{ type: 'steady', durationS: 2700, intensity: { kind: 'effort', rpe: { low: 3, high: 4 } } }],
  };
  const form = load ? text(load.formAfter) : null;
  return {
    subjectLine: `A ${what}, well paced`,
    executiveSummary: `“${name}”: a ${what}. ${form ? `Your form the morning after is ${form}.` : 'Keep the next day easy.'}`,
    feedback: `- You kept the ${noun} steady for ${movingTime}.\n- Consistency like this builds fitness.`,
    summary: `${distance ? `Distance ${distance}, ` : ''}moving time ${movingTime}.`,
    recovery: 'Eat well, drink enough and sleep; keep tomorrow light.',
    trainingPlanProgress: planProgress(facts.activePlan) ?? (recent
      ? `There is no active training plan; in the recent days you logged ${text(recent.sessions) ?? 'several sessions'}.`
      : 'There is no active training plan; create one under Training plan and I will track every session against it.'),
    nextActivity: 'Easy endurance: 45 min steady at RPE 3 to 4.',
    nextSession: session,
  };
}

/** The fact bundle between <ask> tags of an Ask Kai prompt; null for any other prompt. */
export function promptAsk(request: ChatCompletionRequest): { question: string; facts: { label: string; text: string }[] } | null {
  const user = [...request.messages].reverse().find((message) => message.role === 'user');
  const match = /<ask>\s*([\s\S]*?)\s*<\/ask>/.exec(user ? messageText(user.content) : '');
  if (!match?.[1]) return null;
  try {
    const bundle = record(JSON.parse(match[1]));
    const facts = Array.isArray(bundle.facts) ? bundle.facts.map(record).map((fact) => ({ label: text(fact.label) ?? '', text: text(fact.text) ?? '' })) : [];
    return { question: text(bundle.question) ?? '', facts };
  } catch {
    return null;
  }
}

/** A well-behaved answer to an Ask Kai question: each fact quoted as written, nothing else numeric. */
export function askAnswer(ask: { facts: { label: string; text: string }[] }): { text: string } {
  return { text: `From your data: ${ask.facts.map((fact) => `${fact.label.toLowerCase()} ${fact.text}`).join('; ')}.` };
}

/** The sentence between <reason> tags of a plan adjustment's wording prompt; null for any other prompt. */
export function promptReason(request: ChatCompletionRequest): string | null {
  const user = [...request.messages].reverse().find((message) => message.role === 'user');
  const match = /<reason>\s*([\s\S]*?)\s*<\/reason>/.exec(user ? messageText(user.content) : '');
  return match?.[1] ?? null;
}

/** A well-behaved wording of a plan adjustment's reason: the rules' sentence, every number kept, in Kai's voice. */
export function reasonAnswer(reason: string): { reason: string } {
  return { reason: `Kai's take: ${reason}` };
}

/** Where the activity fell in the active plan, from its facts; null without a running plan. */
function planProgress(plan: unknown): string | null {
  if (plan === null || typeof plan !== 'object') return null;
  const { name, phase, target } = record(plan);
  if (phase === undefined) return null;
  const { name: phaseName, weekOfPhase, weeks } = record(phase);
  const toGo = target === undefined ? '' : `, ${text(record(target).timeLeft) ?? ''} to ${text(record(target).label) ?? ''}`;
  return `“${text(name) ?? 'Your plan'}”: week ${text(weekOfPhase) ?? ''} of ${text(weeks) ?? ''} of the ${text(phaseName) ?? ''} phase${toGo}.`;
}

/** The facts JSON between <facts> tags in the last user message; empty when there is none. */
export function promptFacts(request: ChatCompletionRequest): Record<string, unknown> {
  const user = [...request.messages].reverse().find((message) => message.role === 'user');
  const content = user ? messageText(user.content) : '';
  const match = /<facts>\s*([\s\S]*?)\s*<\/facts>/.exec(content);
  if (!match?.[1]) return {};
  try {
    return record(JSON.parse(match[1]));
  } catch {
    return {};
  }
}

export function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (part && typeof part === 'object' && typeof part.text === 'string' ? part.text : '')).join('');
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
