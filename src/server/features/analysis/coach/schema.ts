import type { z } from 'zod';
import { analysisSections, nextSession } from '../../../../shared/api/analysis.ts';

/**
 * What a coach answers: the seven sections and the next session as data. The built-in coach is
 * typed by it; a language model's structured answer is parsed with it.
 */
export const coachAnswer = analysisSections.extend({ nextSession });
export type CoachAnswer = z.infer<typeof coachAnswer>;
