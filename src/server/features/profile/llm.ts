import { z } from 'zod';
import type { ProfileAuthor } from '../../../shared/api/athletic-profile.ts';
import { numbersIn } from '../../ai/numbers.ts';
import { mayEnterPrompt, type StravaDataPolicy } from '../../ai/provenance.ts';
import type { StructuredModel } from '../../ai/structured-model.ts';
import { PROFILE_SECTIONS, writeBuiltinProfile, type WrittenProfile } from './builtin.ts';
import type { ProfileFacts } from './facts.ts';

/** Writes the profile (sections and goal cards) from the facts, and says who wrote it. */
export interface ProfileWriter {
  write(facts: ProfileFacts): Promise<{ profile: WrittenProfile; author: ProfileAuthor }>;
}

export const builtinProfileWriter: ProfileWriter = {
  write: async (facts) => ({ profile: writeBuiltinProfile(facts), author: 'builtin' }),
};

const text = z.string().trim().min(1);
const goalAnswer = z.object({
  goal: text,
  why: text,
  timeframe: text,
  kind: z.enum(['cycling', 'running']).nullable(),
  distance: text.nullable(),
  elevation: text.nullable(),
});
export const profileAnswer = z.object({
  signatureEdge: text,
  athleteIdentity: text,
  recentImprovements: text,
  performanceStrengths: text,
  performanceLimiters: text,
  goals: z.array(goalAnswer).min(2),
});
export type ProfileAnswer = z.infer<typeof profileAnswer>;

const MAX_GOALS = 4;

const SYSTEM = `You are Kai, an endurance coach, writing an athlete's profile from the facts of their last activities (JSON between <facts> tags).
Answer with one JSON object with these keys:
- signatureEdge: what sets the athlete apart, one short paragraph and up to three "- " bullet lines.
- athleteIdentity: who they are as an athlete: sports, volume, longest sessions.
- recentImprovements: what changed from the first half of the window to the second ("trends"); if trends is null, say the history is too short to compare.
- performanceStrengths, performanceLimiters: "- " bullet lines, each naming the number it rests on.
- goals: two to four fitness goals: { goal, why, timeframe (e.g. "8 weeks"), kind: "cycling" | "running" | null, distance (e.g. "100.0 km" or "62.1 mi") or null, elevation (e.g. "1,200 m" or "3,937 ft") or null }.
Rules:
- Every number in the five sections must appear exactly as written in the facts. A goal's "why" may also quote its own goal, distance, elevation and timeframe. Never calculate, convert or round a number yourself.
- Distances, climbing and paces are in the athlete's units ("units": metric or imperial): write them with the units the facts show, and goal distances and elevations in the same units.
- A fact that is null or missing is unknown: do not guess it.
- Address the athlete as "you". Plain text only: no HTML, no Markdown headings, no links.`;

/** The numbers of an answer that neither the facts nor (for a goal's rationale) the goal itself account for. */
export function ungroundedProfileNumbers(answer: WrittenProfile, facts: ProfileFacts): string[] {
  const known = new Set(numbersIn(JSON.stringify(facts)).map(sameValue));
  const loose = PROFILE_SECTIONS.flatMap((section) => numbersIn(answer[section])).filter((token) => !known.has(sameValue(token)));
  for (const goal of answer.goals) {
    const own = new Set(numbersIn([goal.goal, goal.timeframe, goal.distance ?? '', goal.elevation ?? ''].join(' ')).map(sameValue));
    loose.push(...numbersIn(goal.why).filter((token) => !known.has(sameValue(token)) && !own.has(sameValue(token))));
  }
  return loose;
}

/** A decimal by its value, so the facts' 3.2 grounds a W/kg shown to the hundredth as '3.20' (ADR 0071); other tokens as written. */
const sameValue = (token: string) => (/^\d+\.\d+$/.test(token) ? String(Number(token)) : token);

/**
 * The profile written by the configured model (src/server/ai) from the facts, held to the facts'
 * numbers. Under the strict Strava policy a profile built from any Strava activity never reaches
 * the model. Whatever goes wrong, the built-in writer writes the profile.
 */
export function createLlmProfileWriter(deps: { ai: StructuredModel; policy: StravaDataPolicy }): ProfileWriter {
  const { ai, policy } = deps;
  return {
    async write(facts) {
      if (facts.activityCount === 0 || !mayEnterPrompt({ provenance: facts.sources }, policy)) return builtinProfileWriter.write(facts);
      const result = await ai.ask({
        purpose: 'profile',
        system: SYSTEM,
        prompt: `<facts>\n${JSON.stringify(facts)}\n</facts>`,
        schema: profileAnswer,
        ungroundedNumbers: (answer) => ungroundedProfileNumbers(answer, facts),
      });
      if (!result.ok) return builtinProfileWriter.write(facts);
      return { profile: { ...result.answer, goals: result.answer.goals.slice(0, MAX_GOALS) }, author: 'llm' };
    },
  };
}
