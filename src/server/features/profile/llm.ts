import { APICallError, generateText, NoObjectGeneratedError, Output, type LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { ProfileAuthor } from '../../../shared/api/athletic-profile.ts';
import { mayEnterPrompt, numbersIn, structuredAnswer, type StravaDataPolicy } from '../analysis/service.ts';
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

const MAX_ATTEMPTS = 2;
const MAX_GOALS = 4;

const SYSTEM = `You are Kai, an endurance coach, writing an athlete's profile from the facts of their last activities (JSON between <facts> tags).
Answer with one JSON object with these keys:
- signatureEdge: what sets the athlete apart, one short paragraph and up to three "- " bullet lines.
- athleteIdentity: who they are as an athlete: sports, volume, longest sessions.
- recentImprovements: what changed from the first half of the window to the second ("trends"); if trends is null, say the history is too short to compare.
- performanceStrengths, performanceLimiters: "- " bullet lines, each naming the number it rests on.
- goals: two to four fitness goals: { goal, why, timeframe (e.g. "8 weeks"), kind: "cycling" | "running" | null, distance (e.g. "100 km") or null, elevation (e.g. "1,200 m") or null }.
Rules:
- Every number in the five sections must appear exactly as written in the facts. A goal's "why" may also quote its own goal, distance, elevation and timeframe. Never calculate, convert or round a number yourself.
- A fact that is null or missing is unknown: do not guess it.
- Address the athlete as "you". Plain text only: no HTML, no Markdown headings, no links.`;

/** The numbers of an answer that neither the facts nor (for a goal's rationale) the goal itself account for. */
export function ungroundedProfileNumbers(answer: WrittenProfile, facts: ProfileFacts): string[] {
  const known = new Set(numbersIn(JSON.stringify(facts)));
  const loose = PROFILE_SECTIONS.flatMap((section) => numbersIn(answer[section])).filter((token) => !known.has(token));
  for (const goal of answer.goals) {
    const own = new Set(numbersIn([goal.goal, goal.timeframe, goal.distance ?? '', goal.elevation ?? ''].join(' ')));
    loose.push(...numbersIn(goal.why).filter((token) => !known.has(token) && !own.has(token)));
  }
  return loose;
}

class UngroundedProfileError extends Error {
  override name = 'UngroundedProfileError';
}

/**
 * The profile written by the configured model: one structured call (and one retry) on the facts,
 * under one deadline, the answer validated and held to the facts' numbers. Under the strict Strava
 * policy a profile built from any Strava activity never reaches the model. Whatever goes wrong, the
 * built-in writer writes the profile.
 */
export function createLlmProfileWriter(deps: { model: LanguageModel; timeoutMs: number; policy: StravaDataPolicy; log: FastifyBaseLogger }): ProfileWriter {
  const { model, timeoutMs, policy, log } = deps;

  async function ask(facts: ProfileFacts, abortSignal: AbortSignal): Promise<WrittenProfile> {
    const { output } = await generateText({
      model,
      system: SYSTEM,
      prompt: `<facts>\n${JSON.stringify(facts)}\n</facts>`,
      output: Output.object({ schema: structuredAnswer(profileAnswer) }),
      maxRetries: 0,
      abortSignal,
    });
    const ungrounded = ungroundedProfileNumbers(output, facts);
    if (ungrounded.length > 0) throw new UngroundedProfileError(`numbers not among the facts: ${ungrounded.join(', ')}`);
    return { ...output, goals: output.goals.slice(0, MAX_GOALS) };
  }

  const retryable = (error: unknown) =>
    NoObjectGeneratedError.isInstance(error) || error instanceof UngroundedProfileError || !APICallError.isInstance(error) || error.isRetryable;

  return {
    async write(facts) {
      if (facts.activityCount === 0 || !mayEnterPrompt({ provenance: facts.sources }, policy)) return builtinProfileWriter.write(facts);
      const deadline = AbortSignal.timeout(timeoutMs);
      for (let attempt = 1; ; attempt++) {
        try {
          return { profile: await ask(facts, deadline), author: 'llm' };
        } catch (error) {
          log.warn({ attempt, reason: error instanceof Error ? error.message : String(error) }, 'the LLM profile writer failed');
          if (deadline.aborted || !retryable(error) || attempt >= MAX_ATTEMPTS) return builtinProfileWriter.write(facts);
        }
      }
    },
  };
}
