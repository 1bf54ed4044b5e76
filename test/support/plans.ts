import { expect } from 'vitest';
import { createClient, type TestClient } from './http-client.ts';
import { uniqueEmail, type TestKairo, signUp } from './kairo.ts';
import { DAY_MS } from '../../src/shared/time.ts';

/**
 * Stores a Strava connection for the signed-in athlete (training plans need one, spec §6) without
 * going through OAuth; nothing here calls Strava. Returns the account id.
 */
export async function storeStravaConnection(server: TestKairo, browser: TestClient): Promise<string> {
  const accountId = (await browser.get('/api/auth/user')).body.id as string;
  await storeStravaConnectionFor(server, accountId);
  return accountId;
}

/** The same for an account by its id. */
async function storeStravaConnectionFor(server: TestKairo, accountId: string): Promise<void> {
  await server.database.handle.query(
    `insert into strava_connections (account_id, strava_id, access_token, refresh_token, expires_at, scope)
     values ($1, $2, 'x', 'x', now() + interval '6 hours', 'read,activity:read_all')`,
    [accountId, `strava-${accountId}`],
  );
}

/**
 * A newly registered, signed-in athlete on `plan` (the default Free when not given), connected to
 * Strava (a stored connection) unless `connected` is false.
 */
export async function registerPlanner(
  server: TestKairo,
  { plan, connected = true, emailPrefix = 'planner' }: { plan?: string; connected?: boolean; emailPrefix?: string } = {},
): Promise<{ client: TestClient; accountId: string }> {
  const client = createClient(server.url);
  const email = uniqueEmail(emailPrefix);
  expect((await signUp(client, { email, password: 'correct horse', firstName: 'Pat', lastName: 'Plan' })).status).toBe(201);
  const [account] = await server.database.handle.query<{ id: string }>('select id from accounts where email = $1', [email]);
  const accountId = account!.id;
  if (plan) await server.database.handle.query('update accounts set plan = $1 where id = $2', [plan, accountId]);
  if (connected) await storeStravaConnectionFor(server, accountId);
  return { client, accountId };
}

/** An event plan's form: the event 12 weeks and 4 days from today, so plans to a date start today and end on the day itself (ADR 0029). */
/** A 12-week general-fitness cycling plan at 6 hours a week (the plan form's fields). */
export const springBasePlan = {
  preparationType: 'general-fitness',
  planName: 'Spring base',
  selectedActivities: JSON.stringify(['Cycling']),
  planDuration: '12 weeks',
  weeklyTrainingTime: '6 hours',
};

export const eventPlan = {
  preparationType: 'event',
  eventName: 'Gran Fondo Stelvio',
  eventType: 'cycling',
  eventDate: new Date(Date.now() + 88 * DAY_MS).toISOString().slice(0, 10),
  eventDistance: '120 km',
  eventElevation: '2500 m',
  ftp: '250',
  completionGoal: 'complete',
  weeklyTrainingTime: '8 hours',
};

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Creates, through the API, an 11-week event plan (base 5, build 3, peak 2, taper 1 weeks) whose
 * event is 9 weeks after the day of `activityStart`, and moves its generation day to `daysBefore`
 * days before that day: the API generates plans today, and the activity files are older. With
 * the default 15 days, an analysis of that activity falls in week 3 of 5 of the Base phase. Call
 * it before the analysis is next read: creating the plan made the stored analyses stale, so that
 * read rewrites them from the moved plan.
 */
export async function createEventPlanAround(
  server: TestKairo,
  browser: TestClient,
  activityStart: string,
  { eventName = 'Gran Fondo Stelvio', daysBefore = 15 } = {},
): Promise<string> {
  const dayMs = Date.parse(activityStart.slice(0, 10));
  const created = await browser.post('/api/training-plans', {
    preparationType: 'event',
    eventName,
    eventType: 'cycling',
    eventDate: isoDay(dayMs + 63 * DAY_MS),
    eventDistance: '120 km',
    completionGoal: 'complete',
    planDuration: '11 weeks',
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  await server.database.handle.query('update training_plans set generated_at = $1 where id = $2', [new Date(dayMs - daysBefore * DAY_MS).toISOString(), id]);
  return id;
}
