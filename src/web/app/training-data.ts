import type { StravaStatus } from '../../shared/api/strava.ts';

/**
 * Whether the athlete's training data is connected (ADR 0017): Strava is, or they have brought
 * activities in themselves (file uploads, a Strava export archive). Home, the training plans and
 * the profile all ask this one question, the same way the server does before it writes a plan or
 * a profile. 'unknown' until the answers it needs have arrived.
 */
export function trainingDataState(status: StravaStatus | undefined, activities: readonly unknown[] | null): 'connected' | 'missing' | 'unknown' {
  if (status?.connected || (activities !== null && activities.length > 0)) return 'connected';
  if (status === undefined || activities === null) return 'unknown';
  return 'missing';
}
