import type { AnalysisCoach } from '../../../../shared/api/analysis.ts';
import { writeBuiltinAnalysis } from './builtin.ts';
import type { AnalysisContext } from '../../facts/index.ts';
import { ungroundedNumbers } from './grounding.ts';
import type { CoachAnswer } from './schema.ts';

/** What a coach hands back: the answer, who wrote it, and why the built-in coach did when a model was configured. */
export interface CoachResult {
  answer: CoachAnswer;
  coach: AnalysisCoach;
  /** A short sentence for the athlete; null when the configured coach wrote it. */
  note: string | null;
}

/** The two coaches, built-in and LLM, behind one interface: facts in, sections out. */
export interface Coach {
  write(context: AnalysisContext): Promise<CoachResult>;
}

/** The built-in coach: offline and deterministic. A number it writes that no fact holds is a bug, so it fails loudly. */
export const builtinCoach: Coach = {
  async write(context) {
    const answer = writeBuiltinAnalysis(context);
    const { nextSession, ...sections } = answer;
    const ungrounded = ungroundedNumbers(sections, nextSession, context);
    if (ungrounded.length > 0) throw new Error(`the built-in coach wrote numbers that are not facts: ${ungrounded.join(', ')}`);
    return { answer, coach: 'builtin', note: null };
  },
};
