import { openDatabase } from '../src/server/db/client.ts';
import { createStravaBudget } from '../src/server/features/strava/rate-limiter.ts';

/**
 * One process reserving Strava requests from the shared budget as fast as it can, as an instance
 * does before each Strava request: `node bench/budget-worker.ts <databaseUrl> <clientId> <warmUp> <count>`.
 * Prints the measured reservations' durations (ms) as JSON. Several at once contend for the one row,
 * as instances of a cluster do (bench/cluster.ts).
 */
const [databaseUrl, clientId, warmUpText, countText] = process.argv.slice(2);
if (!databaseUrl || !clientId) throw new Error('usage: budget-worker.ts <databaseUrl> <clientId> <warmUp> <count>');
const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
try {
  // Limits no run reaches: every reservation succeeds, so each one is the full statement.
  const budget = createStravaBudget(database.db, { clientId, limits: { overall: [1e9, 1e9], read: [1e9, 1e9] } });
  for (let i = 0; i < Number(warmUpText); i++) await budget.reserve('read');
  const durationsMs: number[] = [];
  for (let i = 0; i < Number(countText); i++) {
    const startedAt = performance.now();
    const reservation = await budget.reserve('read');
    durationsMs.push(performance.now() - startedAt);
    if (!reservation.ok) throw new Error('the budget refused a reservation under limits no run reaches');
  }
  process.stdout.write(JSON.stringify(durationsMs));
} finally {
  await database.close();
}
