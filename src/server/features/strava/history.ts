import type { StravaService } from './service.ts';

/**
 * Where the athlete's training history stands, for the features that gate on it (plans, profile,
 * analysis). Strava is one of the two ways a history arrives; the other (files) is counted by
 * activities, and scoring says whether all of it is scored.
 */
export function trainingHistory(deps: {
  strava: Pick<StravaService, 'status'>;
  activities: { count(accountId: string): Promise<number> };
  scoring: { hasUnscored(accountId: string): Promise<boolean> };
}) {
  const { strava, activities, scoring } = deps;
  return {
    /**
     * Spec §6 blocks plans (and the profile page) until Strava is connected; an athlete who brings
     * their activities in by file has their training data connected as well (ADR 0017).
     */
    hasTrainingData: async (accountId: string) => (await strava.status(accountId)).connected || (await activities.count(accountId)) > 0,
    /** ADR 0018: the history is pending while a Strava backfill runs or some activity waits for its metrics. */
    historyPending: async (accountId: string) => {
      const connection = await strava.status(accountId);
      return (connection.connected && !connection.backfillDone) || (await scoring.hasUnscored(accountId));
    },
  };
}
