import type { DatabaseHandle } from '../src/server/db/client.ts';
import type { AuthUser } from '../src/shared/api/auth.ts';
import type { RunningStravaSim } from '../tools/strava-sim/sim.ts';
import type { TestClient } from '../test/support/http-client.ts';
import { connectStrava, registerAthlete, waitFor } from '../test/support/strava.ts';

export interface BackfillRun {
  activities: number;
  /** From the click on "Connect" until every activity has its detail and streams stored. */
  wallS: number;
  activitiesPerS: number;
  /** Detail and streams requests per activity; the list pages are counted apart. */
  requestsPerActivity: number;
  listPages: number;
  /** Answers the simulator refused with 429: Kairo went over a limit. */
  rateLimited: number;
  /** Every request the simulator answered, by route. */
  requests: Record<string, number>;
}

const DETAIL_ROUTE = 'GET /api/v3/activities/:id';
const STREAMS_ROUTE = 'GET /api/v3/activities/:id/streams';
const LIST_ROUTE = 'GET /api/v3/athlete/activities';

/**
 * A new account connects Strava as a simulated athlete with `historyDays` of history, and the
 * backfill is timed until the database holds every activity with its detail and streams.
 * Returns the signed-in browser too, so later benches can use the account and its activities.
 */
export async function benchBackfill(options: {
  kairoUrl: string;
  sim: RunningStravaSim;
  database: DatabaseHandle;
  historyDays: number;
  timeoutMs: number;
}): Promise<{ run: BackfillRun; browser: TestClient }> {
  const { sim, database } = options;
  const athlete = sim.control.createAthlete({ historyDays: options.historyDays });
  const expected = sim.control.activities(athlete.id).length;
  const browser = await registerAthlete(options.kairoUrl);
  const accountId = (await browser.get<AuthUser>('/api/auth/user')).body.id;
  sim.control.requests.reset();

  const startedAt = performance.now();
  await connectStrava(browser, sim, athlete.id);
  await waitFor(
    async () => {
      const [row] = await database.query<{ n: number }>(
        `select count(*)::int as n from activities a join activity_streams s on s.activity_id = a.id
          where a.user_id = $1 and a.detail_fetched_at is not null`,
        [accountId],
      );
      return row?.n ?? 0;
    },
    (stored) => stored === expected,
    options.timeoutMs,
  );
  const wallS = (performance.now() - startedAt) / 1000;

  const requests = sim.control.requests.counts();
  const perActivity = ((requests[DETAIL_ROUTE] ?? 0) + (requests[STREAMS_ROUTE] ?? 0)) / expected;
  return {
    browser,
    run: {
      activities: expected,
      wallS: round(wallS, 2),
      activitiesPerS: round(expected / wallS, 1),
      requestsPerActivity: round(perActivity, 3),
      listPages: requests[LIST_ROUTE] ?? 0,
      rateLimited: sim.control.requests.list({ status: 429 }).length,
      requests,
    },
  };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
