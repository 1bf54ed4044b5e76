import type { ReadinessInputKey, ReadinessSignal, ReadinessState } from '../../../../shared/api/wellness.ts';
import type { Provenanced } from '../../../ai/provenance.ts';
import type { ReadinessWithSources } from '../../wellness/index.ts';
import { quantity, type Quantity } from '../format.ts';

/**
 * Readiness on the morning of the activity's day (wellness/readiness.ts), as facts a coach may
 * quote: each input's value and baseline already formatted. It is a fact only when the athlete
 * recorded something (a check-in or an import): readiness from form alone would repeat the load
 * facts, so analyses of athletes who never check in keep their facts (and hash) unchanged. The
 * provenance carries the fitness series' sources (the form input).
 */
export interface ReadinessFacts extends Provenanced {
  state: Exclude<ReadinessState, 'unknown'>;
  inputs: { key: ReadinessInputKey; label: string; signal: ReadinessSignal; value: Quantity; baseline: Quantity | null }[];
  /** Labels of the inputs left out (no reading, or too little history). */
  missing: string[];
}

export function readinessFacts({ readiness, provenance }: ReadinessWithSources): ReadinessFacts | null {
  if (readiness.state === 'unknown' || readiness.inputs.every((input) => input.key === 'form')) return null;
  return {
    provenance,
    state: readiness.state,
    inputs: readiness.inputs.map((input) => ({
      key: input.key,
      label: input.label,
      signal: input.signal,
      value: quantity(input.value, input.valueText),
      baseline: input.baselineText === null ? null : quantity(input.figures.baselineBpm ?? input.figures.lowMs ?? input.value, input.baselineText),
    })),
    missing: readiness.missing.map((entry) => entry.label),
  };
}

const PHRASE: Record<ReadinessInputKey, string> = {
  hrv: 'HRV',
  restingHr: 'resting HR',
  form: 'form',
  sleep: 'sleep',
  feel: 'you reported',
};

/** "HRV 53 ms against a normal 54–73 ms; resting HR 55 bpm against 48 bpm": the inputs that held back, or all when none did. */
export function readinessEvidence(facts: ReadinessFacts): string {
  const poor = facts.inputs.filter((input) => input.signal === 'poor');
  return (poor.length > 0 ? poor : facts.inputs)
    .map((input) => `${PHRASE[input.key]} ${input.value.text}${input.baseline ? ` against a normal ${input.baseline.text}` : ''}`)
    .join('; ');
}
