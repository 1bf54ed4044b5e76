import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient } from '../support/http-client.ts';
import { signUp, startTestKairo, uniqueEmail, type TestKairo } from '../support/kairo.ts';

const [kind = 'pglite'] = await testDatabaseKinds();
const password = 'correct horse battery';
const registration = (email: string) => ({ email, password, firstName: 'Ada', lastName: 'Lovelace' });
/** A client behind the one trusted proxy, seen at `ip`. */
const clientAt = (url: string, ip: string) => {
  const client = createClient(url);
  const post = (path: string, body: unknown) => client.post(path, body, { headers: { 'x-forwarded-for': ip } });
  return { ...client, post };
};

describe('issue 16 items 7 and 9: reset links and wrong passwords', () => {
  let server: TestKairo;
  beforeAll(async () => {
    server = await startTestKairo(kind, { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function resetToken(email: string, ip: string): Promise<string> {
    await clientAt(server.url, ip).post('/api/auth/forgot-password', { email });
    const mail = await server.mail.waitFor((m) => m.to === email && /Reset/.test(m.subject) && !seen.has(m.text));
    seen.add(mail.text);
    return /token=([\w-]+)/.exec(mail.text)![1]!;
  }
  const seen = new Set<string>();

  it('item 7: using one reset link invalidates every other outstanding link', async () => {
    const email = uniqueEmail('reset');
    await signUp(createClient(server.url), registration(email));
    const older = await resetToken(email, '203.0.113.1');
    const newer = await resetToken(email, '203.0.113.1');
    expect(older).not.toBe(newer);
    expect((await createClient(server.url).post('/api/auth/reset-password', { token: newer, password: 'the newest password' })).status).toBe(200);
    const stale = await createClient(server.url).post('/api/auth/reset-password', { token: older, password: 'an attacker password' });
    expect(stale.status).toBe(400);
    expect((await createClient(server.url).post('/api/auth/login', { email, password: 'the newest password' })).status).toBe(200);
  });

  it('item 9: ten wrong passwords from one client do not lock the owner out on theirs', async () => {
    const email = uniqueEmail('owner');
    await signUp(createClient(server.url), registration(email));
    const attacker = clientAt(server.url, '198.51.100.66');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      statuses.push((await attacker.post('/api/auth/login', { email, password: `guess number ${attempt}` })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Even the right password is refused to the client that guessed: it must wait.
    expect((await attacker.post('/api/auth/login', { email, password })).status).toBe(429);

    const owner = clientAt(server.url, '203.0.113.25');
    const signedIn = await owner.post('/api/auth/login', { email, password });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.email).toBe(email);
  });
});

/** An SMTP server that accepts connections and never says a word: a mail to it never completes. */
async function silentSmtp(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('issue 16 item 8: answers do not depend on whether the account exists', () => {
  let server: TestKairo;
  let smtp: Awaited<ReturnType<typeof silentSmtp>>;
  beforeAll(async () => {
    smtp = await silentSmtp();
    server = await startTestKairo(kind, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await smtp?.close();
    await server?.close();
  });

  /** An account that exists, made directly: the silent mail server would never deliver a confirmation. */
  async function existingAccount(): Promise<string> {
    const email = uniqueEmail('taken');
    await server.database.handle.query("insert into accounts (email, first_name, last_name, email_verified) values ($1, 'Ada', 'Lovelace', true)", [email]);
    return email;
  }

  /** What an observer of the answer can compare: status, body, the header names, the cookies set, and what the client's cookies open afterwards. */
  async function observe(client: ReturnType<typeof createClient>, answer: Awaited<ReturnType<ReturnType<typeof createClient>['post']>>) {
    return {
      status: answer.status,
      body: answer.body,
      headerNames: [...answer.headers.keys()].sort(),
      cookies: answer.headers.getSetCookie().map((cookie) => cookie.split('=')[0]),
      userAfter: (await client.get('/api/auth/user')).status,
    };
  }

  it('answers a registration of a taken address exactly like a fresh one: status, body, headers, cookie and what it opens', async () => {
    const taken = await existingAccount();
    const fresh = uniqueEmail('fresh');
    const [freshClient, takenClient] = [createClient(server.url), createClient(server.url)];
    // The mail server never answers: an answer that waited for the mail would never come.
    const freshAnswer = await observe(freshClient, await freshClient.post('/api/auth/register', registration(fresh)));
    const takenAnswer = await observe(takenClient, await takenClient.post('/api/auth/register', registration(taken)));
    expect(takenAnswer).toEqual(freshAnswer);
    expect(freshAnswer.status).toBe(202);
    expect(freshAnswer.cookies).toEqual([]);
    expect(freshAnswer.userAfter).toBe(401);
  }, 15_000);

  it('answers forgot-password for an existing and an unknown address alike, without waiting for the mail', async () => {
    const taken = await existingAccount();
    const [known, unknown] = [createClient(server.url), createClient(server.url)];
    const knownAnswer = await observe(known, await known.post('/api/auth/forgot-password', { email: taken }));
    const unknownAnswer = await observe(unknown, await unknown.post('/api/auth/forgot-password', { email: uniqueEmail('nobody') }));
    expect(knownAnswer).toEqual(unknownAnswer);
    expect(knownAnswer.status).toBe(200);
  }, 15_000);
});
