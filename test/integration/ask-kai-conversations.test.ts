import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askReply,
  conversation,
  conversationList,
  conversationSummary,
  QUESTION_MAX_CHARS,
  type Conversation,
} from '../../src/shared/api/coach-conversations.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { powerRide } from '../support/recordings.ts';
import { registerAthlete, waitForJobs } from '../support/strava.ts';

const kinds = await testDatabaseKinds();
const PASSWORD = 'correct horse';
const RIDE_NAME_PATTERN = /^About .+/;

/**
 * Issue 28: Ask Kai's conversations on the real server. Each account sees only its own
 * conversations and activities; a question is counted when asked, per UTC day, against the plan's
 * limit, and deleting conversations gives none back; deleting the account leaves nothing of them.
 */
describe.each(kinds)('Ask Kai conversations on %s', (kind) => {
  let server: TestKairo;
  let athlete: TestClient;
  let other: TestClient;
  let rideId: string;
  let otherRideId: string;

  const query = <Row>(text: string, params: unknown[] = []) => server.database.handle.query<Row>(text, params);
  const accountIdOf = async (client: TestClient) => (await client.get('/api/auth/user')).body.id as string;
  const setPlan = async (client: TestClient, plan: 'Free' | 'Pro') =>
    query('update accounts set plan = $1, trial_expiry_date = null where id = $2', [plan, await accountIdOf(client)]);
  const usedToday = async (client: TestClient) => {
    const [row] = await query<{ count: number }>(`select count from coach_question_usage where user_id = $1 and day = (now() at time zone 'utc')::date`, [await accountIdOf(client)]);
    return row?.count ?? 0;
  };
  const storedMessages = async (client: TestClient) =>
    (await query<{ n: number }>('select count(*)::int as n from coach_messages where user_id = $1', [await accountIdOf(client)]))[0]!.n;

  const start = async (client: TestClient, body?: Record<string, unknown>): Promise<Conversation> => {
    const answer = await client.post('/api/coach/conversations', body);
    expect(answer.status, answer.text).toBe(201);
    return conversation.parse(answer.body);
  };
  const ask = (client: TestClient, id: string, text: string, extra: Record<string, unknown> = {}) =>
    client.post(`/api/coach/conversations/${id}/messages`, { text, ...extra });
  const asked = async (client: TestClient, id: string, text: string, extra: Record<string, unknown> = {}) => {
    const answer = await ask(client, id, text, extra);
    expect(answer.status, answer.text).toBe(201);
    return askReply.parse(answer.body);
  };
  const read = async (client: TestClient, id: string) => {
    const answer = await client.get(`/api/coach/conversations/${id}`);
    expect(answer.status, answer.text).toBe(200);
    return conversation.parse(answer.body);
  };
  const listed = async (client: TestClient) => conversationList.parse((await client.get('/api/coach/conversations')).body).conversations;
  const freshAthlete = async (plan: 'Free' | 'Pro') => {
    const client = await registerAthlete(server.url);
    await setPlan(client, plan);
    return client;
  };

  beforeAll(async () => {
    server = await startTestKairo(kind);
    athlete = await registerAthlete(server.url);
    other = await registerAthlete(server.url);
    const ride = await athlete.upload('/api/imports', 'ride.fit', powerRide().bytes);
    expect(ride.status, ride.text).toBe(201);
    rideId = ride.body.activity.id;
    const otherRide = await other.upload('/api/imports', 'ride.fit', powerRide().bytes);
    expect(otherRide.status, otherRide.text).toBe(201);
    otherRideId = otherRide.body.activity.id;
    await waitForJobs(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('starts a conversation with suggestions, names it after its first question, and keeps the exchange oldest first', async () => {
    const started = await start(athlete);
    expect(started).toMatchObject({ title: 'New conversation', activityId: null, messageCount: 0, messages: [] });
    expect(Array.isArray(started.suggestions)).toBe(true);

    const question = 'How has my fitness changed over the last six weeks of riding and running together?';
    const first = await asked(athlete, started.id, `  ${question}  `);
    expect(first.question).toMatchObject({ role: 'athlete', text: question, facts: [], sources: [] });
    expect(first.answer).toMatchObject({ role: 'kai' });
    expect(first.answer.text.trim()).not.toBe('');
    expect(['built-in', 'model']).toContain(first.answer.coach);
    const second = await asked(athlete, started.id, 'And over the last 30 days?');

    const reopened = await read(athlete, started.id);
    expect(reopened.title).toBe('How has my fitness changed over the last six weeks of…');
    expect(reopened.messageCount).toBe(4);
    expect(reopened.messages.map((m) => [m.role, m.id])).toEqual([
      ['athlete', first.question.id],
      ['kai', first.answer.id],
      ['athlete', second.question.id],
      ['kai', second.answer.id],
    ]);
    expect(reopened.messages[1]).toEqual(first.answer);
    expect(Date.parse(reopened.updatedAt)).toBeGreaterThan(Date.parse(started.updatedAt));
  });

  it('lists conversations newest asked first, a rename moving none of them', async () => {
    const client = await freshAthlete('Pro');
    const older = await start(client, { title: 'Threshold' });
    const newer = await start(client, { title: 'Volume' });
    expect((await listed(client)).map((c) => c.id)).toEqual([newer.id, older.id]);

    await asked(client, older.id, 'What is my FTP?');
    expect((await listed(client)).map((c) => [c.id, c.title, c.messageCount])).toEqual([
      [older.id, 'Threshold', 2],
      [newer.id, 'Volume', 0],
    ]);

    const renamed = await client.patch(`/api/coach/conversations/${newer.id}`, { title: '  Weekly hours  ' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(conversationSummary.parse(renamed.body)).toMatchObject({ id: newer.id, title: 'Weekly hours', messageCount: 0 });
    expect((await listed(client)).map((c) => [c.id, c.title])).toEqual([
      [older.id, 'Threshold'],
      [newer.id, 'Weekly hours'],
    ]);
    // A title given by the athlete stays after the first question.
    await asked(client, newer.id, 'How many hours did I ride last week?');
    expect((await read(client, newer.id)).title).toBe('Weekly hours');

    for (const title of ['', '   ', 'x'.repeat(81)]) {
      const refused = await client.patch(`/api/coach/conversations/${newer.id}`, { title });
      expect(refused.status, title).toBe(400);
    }
    expect((await read(client, newer.id)).title).toBe('Weekly hours');
  });

  it('starts a conversation about an activity, and asks about it', async () => {
    const about = await start(athlete, { activityId: rideId });
    expect(about.activityId).toBe(rideId);
    expect(about.title).toMatch(RIDE_NAME_PATTERN);
    const reply = await asked(athlete, about.id, 'How hard was this ride?');
    expect(reply.question.activityId).toBe(rideId);
    expect((await read(athlete, about.id)).title).toBe(about.title);
  });

  it('deletes one conversation, then all of them, and only its own', async () => {
    const client = await freshAthlete('Pro');
    const kept = await start(client);
    const gone = await start(client);
    await asked(client, gone.id, 'What is my form today?');
    const othersOwn = await start(other);

    expect((await client.delete(`/api/coach/conversations/${gone.id}`)).status).toBe(204);
    expect((await client.get(`/api/coach/conversations/${gone.id}`)).status).toBe(404);
    expect((await client.delete(`/api/coach/conversations/${gone.id}`)).status).toBe(404);
    expect((await listed(client)).map((c) => c.id)).toEqual([kept.id]);
    expect(await storedMessages(client)).toBe(0);

    await start(client);
    expect((await client.delete('/api/coach/conversations')).status).toBe(204);
    expect(await listed(client)).toEqual([]);
    expect((await read(other, othersOwn.id)).id).toBe(othersOwn.id);
  });

  it("answers 404 for another account's conversation or activity, and for an id that is none", async () => {
    const mine = await start(athlete);
    const path = `/api/coach/conversations/${mine.id}`;
    expect((await other.get(path)).status).toBe(404);
    expect((await other.patch(path, { title: 'Mine now' })).status).toBe(404);
    expect((await other.delete(path)).status).toBe(404);
    expect((await ask(other, mine.id, 'What is my FTP?')).status).toBe(404);
    expect((await other.delete('/api/coach/conversations')).status).toBe(204);
    expect((await read(athlete, mine.id)).title).toBe('New conversation');

    const notYours = await athlete.post('/api/coach/conversations', { activityId: otherRideId });
    expect(notYours.status).toBe(404);
    expect(notYours.body.message).toBe('Activity not found');
    const before = await usedToday(athlete);
    expect((await ask(athlete, mine.id, 'How hard was it?', { activityId: otherRideId })).status).toBe(404);
    expect((await athlete.get(`/api/coach/suggestions?activityId=${otherRideId}`)).status).toBe(404);
    expect((await athlete.get(`/api/coach/suggestions?activityId=${rideId}`)).status).toBe(200);
    expect((await athlete.get('/api/coach/conversations/not-an-id')).status).toBe(404);
    expect(await usedToday(athlete)).toBe(before);
    expect((await read(athlete, mine.id)).messages).toEqual([]);
  });

  it('refuses an empty question and one over 1,000 characters, keeping nothing and counting nothing', async () => {
    const target = await start(athlete);
    const before = await usedToday(athlete);
    for (const text of ['', '    ', 'x'.repeat(QUESTION_MAX_CHARS + 1)]) {
      const refused = await ask(athlete, target.id, text);
      expect(refused.status, `${text.length} characters`).toBe(400);
      expect(refused.body.message).toMatch(/Ask a question|at most 1000 characters/);
    }
    expect((await athlete.post(`/api/coach/conversations/${target.id}/messages`, {})).status).toBe(400);
    expect((await read(athlete, target.id)).messages).toEqual([]);
    expect(await usedToday(athlete)).toBe(before);
  });

  it('gives Free 10 questions a UTC day, says when they reset, and deleting conversations gives none back', async () => {
    const client = await freshAthlete('Free');
    const first = await start(client);
    for (let n = 0; n < 10; n += 1) await asked(client, first.id, `Question ${n + 1}: what is my fitness?`);

    const refused = await ask(client, first.id, 'One more: what is my fitness?');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Daily limit reached: the Free plan gives 10 questions to Kai a day\. They reset at midnight UTC, in (\d+ h( \d+ min)?|\d+ min)\.$/);
    const retryAfterS = Number(refused.headers.get('retry-after'));
    expect(retryAfterS).toBeGreaterThan(0);
    expect(retryAfterS).toBeLessThanOrEqual(86_400);
    expect((await read(client, first.id)).messageCount).toBe(20);

    expect((await client.delete('/api/coach/conversations')).status).toBe(204);
    const second = await start(client);
    expect((await ask(client, second.id, 'What is my fitness?')).status).toBe(429);
    expect(await usedToday(client)).toBe(10);

    // Pro (and a running trial) has 200.
    await setPlan(client, 'Pro');
    await asked(client, second.id, 'What is my fitness?');
  });

  it('never passes the limit when questions arrive together', async () => {
    const client = await freshAthlete('Free');
    const target = await start(client);
    const answers = await Promise.all(Array.from({ length: 14 }, (_, n) => ask(client, target.id, `Parallel ${n}: what is my form?`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(201), ...Array<number>(4).fill(429)]);
    expect(await usedToday(client)).toBe(10);
    expect(await storedMessages(client)).toBe(20);
  });

  it('lets a read token start a conversation and ask, and keeps renaming and deleting for the signed-in browser', async () => {
    const made = await athlete.post('/api/api-tokens', { name: 'Ask Kai script', scopes: ['read'] });
    expect(made.status, made.text).toBe(201);
    const script = createClient(server.url, { origin: null });
    const bearer = { headers: { authorization: `Bearer ${made.body.token as string}` } };
    const started = await script.post('/api/coach/conversations', {}, bearer);
    expect(started.status, started.text).toBe(201);
    const id = started.body.id as string;
    expect((await script.post(`/api/coach/conversations/${id}/messages`, { text: 'What is my fitness?' }, bearer)).status).toBe(201);
    expect((await script.get(`/api/coach/conversations/${id}`, bearer)).body.messageCount).toBe(2);
    for (const [method, path, body] of [
      ['PATCH', `/api/coach/conversations/${id}`, { title: 'Renamed by a script' }],
      ['DELETE', `/api/coach/conversations/${id}`, undefined],
      ['DELETE', '/api/coach/conversations', undefined],
    ] as const) {
      expect((await script.request(method, path, body, bearer)).status, `${method} ${path}`).toBe(403);
    }
    expect((await read(athlete, id)).title).toBe('What is my fitness?');
  });

  it('leaves nothing of the conversations, messages or counts once the account is deleted', async () => {
    const client = await freshAthlete('Pro');
    const id = await accountIdOf(client);
    const target = await start(client);
    await asked(client, target.id, 'What is my fitness?');
    const deleted = await client.post('/api/account/deletion', { password: PASSWORD });
    expect(deleted.status, deleted.text).toBe(200);
    for (const table of ['coach_conversations', 'coach_messages', 'coach_question_usage']) {
      const [row] = await query<{ n: number }>(`select count(*)::int as n from ${table} where user_id = $1`, [id]);
      expect(row!.n, table).toBe(0);
    }
  });
});
