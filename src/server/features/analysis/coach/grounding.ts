import type { AnalysisSections, NextSession, SessionIntensity } from '../../../../shared/api/analysis.ts';
import { numbersIn, stringsIn } from '../../../ai/numbers.ts';
import { formatDuration, type AnalysisContext, type Quantity } from '../../facts/index.ts';

/**
 * The numbers of `sections` that no fact and no part of `session` accounts for (empty when
 * grounded). A number (numbersIn, src/server/ai/numbers.ts) is grounded when it appears, written
 * the same way, in a formatted fact, in the athlete's own words the coach may quote, or in the
 * structured next session.
 */
export function ungroundedNumbers(sections: AnalysisSections, session: NextSession, context: AnalysisContext): string[] {
  return numbersNotIn(sections, session, factNumbers(context));
}

/**
 * The same check against facts as a language model was shown them (prompt.ts): every string in
 * them, quantities already reduced to their text, so a model is held to what it actually read.
 */
export function ungroundedNumbersInPrompt(sections: AnalysisSections, session: NextSession, facts: unknown): string[] {
  return numbersNotIn(sections, session, stringsIn(facts).flatMap(numbersIn));
}

function numbersNotIn(sections: AnalysisSections, session: NextSession, factNumbers: string[]): string[] {
  const grounded = new Set([...factNumbers, ...sessionNumbers(session)]);
  return Object.values(sections)
    .flatMap(numbersIn)
    .filter((token) => !grounded.has(token));
}


/** Text the coach may quote as it stands: the athlete's words, and the plan's texts (its inputs and what Kairo generated from them). */
function quotableTexts(context: AnalysisContext): string[] {
  const plans = context.activePlans.flatMap((plan) => [plan.name, plan.goal, plan.phase?.objective, plan.volume?.weeklyFocus]);
  // The rides an FTP estimate was read from are named as they are (ADR 0025); stored facts older than that block have none.
  const evidence = [...((context.ftpUpdate ?? null)?.evidence ?? []), ...(context.maxHrUpdate?.evidence ?? [])].map((entry) => entry.activityName);
  const texts = [context.activity.name, context.rideDetail?.note, context.coaching.customInstructions, ...plans, ...evidence, context.plannedNext?.planName];
  return texts.filter((text): text is string => typeof text === 'string');
}

function factNumbers(context: AnalysisContext): string[] {
  const quotable = quotableTexts(context);
  return [...quantityTexts(context), ...quotable].flatMap(numbersIn);
}

function isQuantity(value: object): value is Quantity {
  return typeof (value as Quantity).value === 'number' && typeof (value as Quantity).text === 'string';
}

function quantityTexts(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  if (isQuantity(value)) return [value.text];
  return Object.values(value).flatMap(quantityTexts);
}

function intensityNumbers(intensity: SessionIntensity): number[] {
  switch (intensity.kind) {
    case 'power':
      return [intensity.ftpPct.low, intensity.ftpPct.high, ...(intensity.watts ? [intensity.watts.low, intensity.watts.high] : [])];
    case 'heartRate':
      return [intensity.zones.low, intensity.zones.high, ...(intensity.bpm ? [intensity.bpm.low, intensity.bpm.high] : [])];
    case 'effort':
      return [intensity.rpe.low, intensity.rpe.high];
    case 'pace':
      return [intensity.sPerKm.low, intensity.sPerKm.high];
  }
}

/** The session's numbers as a text writes them: durations through formatDuration, the rest as they are. */
function sessionNumbers(session: NextSession): string[] {
  const durationsS = [session.totalDurationS];
  const values: number[] = [];
  for (const step of session.steps) {
    if (step.type === 'intervals') {
      durationsS.push(step.work.durationS, step.recovery.durationS);
      values.push(step.repeats, ...intensityNumbers(step.work.intensity), ...intensityNumbers(step.recovery.intensity));
    } else {
      durationsS.push(step.durationS);
      values.push(...intensityNumbers(step.intensity));
    }
  }
  return [...durationsS.flatMap((seconds) => numbersIn(formatDuration(seconds))), ...values.map(String)];
}
