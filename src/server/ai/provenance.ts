import type { ActivitySourceName } from '../../shared/api/activities.ts';

/**
 * Where a fact came from: the source of the activities it was read or derived from, or the athlete
 * (what they typed into Kairo: coaching style, instructions, ride notes).
 */
export type FactOrigin = ActivitySourceName | 'athlete';

export interface Provenanced {
  provenance: readonly FactOrigin[];
}

export type StravaDataPolicy = 'strict' | 'relaxed';

/**
 * The one decision on what an LLM prompt may contain (ADR 0007). Strava's API Policy forbids
 * putting Strava data, or data derived from it, into a model's context window; under the strict
 * policy a fact with any Strava-sourced origin stays out. Files, the athlete's own archive, the
 * simulator's demo data and the athlete's words may enter. The built-in coach is not a model and
 * reads every fact.
 */
export function mayEnterPrompt(fact: Provenanced, policy: StravaDataPolicy): boolean {
  return policy === 'relaxed' || !fact.provenance.includes('strava');
}
