import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../support/http-client.ts';
import { confirmationToken, signUp, startTestKairo, uniqueEmail, type TestKairo } from '../support/kairo.ts';
import { testDatabaseKinds } from '../support/databases.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('accounts on %s', (kind) => {
  let server: TestKairo;
  beforeAll(async () => {
    server = await startTestKairo(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const registration = (email: string) => ({ email, password: 'correct horse', firstName: 'Ada', lastName: 'Lovelace' });

  it('registers, reads the user, signs out and signs in again', async () => {
    const browser = createClient(server.url);
    const email = uniqueEmail();
    const registered = await signUp(browser, registration(email));
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ email, firstName: 'Ada', name: 'Ada Lovelace', plan: 'Trial14' });
    const trialDays = (Date.parse(registered.body.trialExpiryDate) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);

    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
    expect((await browser.get('/api/user')).body.name).toBe('Ada Lovelace');

    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    const after = await browser.get('/api/auth/user');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Authentication required' });

    const login = await browser.post('/api/auth/login', { email: email.toUpperCase(), password: 'correct horse' });
    expect(login.status).toBe(200);
    expect((await browser.get('/api/auth/user')).status).toBe(200);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie holding a 256-bit token, stored only hashed', async () => {
    const browser = createClient(server.url);
    const response = await signUp(browser, registration(uniqueEmail()));
    const cookie = response.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^kairo_session=[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const rows = await server.database.handle.query<{ sid: string }>('select sid from sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.sid === token)).toBe(false);
  });

  it('issues a new session on login and deletes it on logout', async () => {
    const email = uniqueEmail();
    const browser = createClient(server.url);
    await signUp(browser, registration(email));
    const before = browser.jar.get('kairo_session');
    await browser.post('/api/auth/login', { email, password: 'correct horse' });
    const after = browser.jar.get('kairo_session');
    expect(after).not.toBe(before);
    const stale = createClient(server.url);
    stale.jar.set('kairo_session', before!);
    expect((await stale.get('/api/auth/user')).status).toBe(401);

    const count = async () =>
      Number((await server.database.handle.query<{ n: string }>('select count(*)::int as n from sessions s join accounts a on a.id = s.account_id where a.email = $1', [email]))[0]!.n);
    expect(await count()).toBe(1);
    await browser.post('/api/auth/logout');
    expect(await count()).toBe(0);
  });

  it('validates input with the spec texts and changes nothing', async () => {
    const browser = createClient(server.url);
    const cases: [string, unknown, string][] = [
      ['/api/auth/login', { email: 'not-an-email', password: 'x' }, 'Invalid email address'],
      ['/api/auth/login', { email: 'a@b.co', password: '' }, 'Password is required'],
      ['/api/auth/login', { email: 'a@b.co' }, 'Password is required'],
      ['/api/auth/register', { ...registration(uniqueEmail()), password: 'short' }, 'Password must be at least 8 characters'],
      ['/api/auth/register', { ...registration('nope') }, 'Invalid email address'],
      ['/api/auth/forgot-password', { email: 'nope' }, 'Invalid email address'],
      ['/api/auth/reset-password', { password: 'long enough' }, 'Token is required'],
      ['/api/auth/reset-password', { token: 'abc', password: 'short' }, 'Password must be at least 8 characters'],
    ];
    for (const [path, body, message] of cases) {
      const response = await browser.post(path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body).toEqual({ message });
    }
    const rows = await server.database.handle.query("select 1 from accounts where email = 'nope'");
    expect(rows).toHaveLength(0);
  });

  it('never accepts server-managed fields at registration', async () => {
    const email = uniqueEmail();
    const response = await signUp(createClient(server.url), {
      ...registration(email),
      plan: 'Pro',
      paymentStatus: 'active',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/Unexpected field: plan, paymentStatus/);
    const rows = await server.database.handle.query('select 1 from accounts where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const email = uniqueEmail();
    await signUp(createClient(server.url), registration(email));
    const unknown = await createClient(server.url).post('/api/auth/login', { email: uniqueEmail(), password: 'whatever1' });
    const wrong = await createClient(server.url).post('/api/auth/login', { email, password: 'whatever1' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ message: 'Invalid email or password' });
  });

  it('with mail delivered, creates the account only when the link from its mail is used, once, and signs in there', async () => {
    const email = uniqueEmail();
    const browser = createClient(server.url);
    const registered = await browser.post('/api/auth/register', registration(email));
    expect(registered.status).toBe(202);
    expect(registered.body).toEqual({ pending: 'confirm-email', message: expect.stringMatching(/^We have sent a link to that address/) });
    expect(registered.headers.getSetCookie()).toEqual([]);
    // Nothing exists yet: no session, no account to sign in to.
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect((await createClient(server.url).post('/api/auth/login', { email, password: 'correct horse' })).status).toBe(401);
    expect(await server.database.handle.query('select 1 from accounts where email = $1', [email])).toHaveLength(0);

    const mail = await server.mail.waitFor((m) => m.to === email && /Confirm your email/.test(m.subject));
    const token = confirmationToken(mail.text)!;
    expect(mail.text).toContain(`${server.url}/confirm-email?token=${token}`);
    const stored = await server.database.handle.query<{ token: string }>('select token from pending_registrations where email = $1', [email]);
    expect(stored.map((row) => row.token)).not.toContain(token);

    const confirmed = await browser.post('/api/auth/confirm-email', { token });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace' });
    expect((await browser.get('/api/auth/user')).body.email).toBe(email);
    const [account] = await server.database.handle.query<{ email_verified: boolean }>('select email_verified from accounts where email = $1', [email]);
    expect(account?.email_verified).toBe(true);

    const reused = await createClient(server.url).post('/api/auth/confirm-email', { token });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toMatch(/invalid, used or expired/);
    expect((await createClient(server.url).post('/api/auth/confirm-email', { token: 'made-up' })).status).toBe(400);
  });

  it('refuses an expired confirmation link, creating nothing', async () => {
    const email = uniqueEmail();
    expect((await createClient(server.url).post('/api/auth/register', registration(email))).status).toBe(202);
    const mail = await server.mail.waitFor((m) => m.to === email && /Confirm your email/.test(m.subject));
    await server.database.handle.query("update pending_registrations set expires_at = now() - interval '1 minute' where email = $1", [email]);
    expect((await createClient(server.url).post('/api/auth/confirm-email', { token: confirmationToken(mail.text) })).status).toBe(400);
    expect(await server.database.handle.query('select 1 from accounts where email = $1', [email])).toHaveLength(0);
  });

  it('opening the link (a GET, as a mail scanner does) changes nothing: only the POST of the page confirms', async () => {
    const email = uniqueEmail();
    expect((await createClient(server.url).post('/api/auth/register', registration(email))).status).toBe(202);
    const mail = await server.mail.waitFor((m) => m.to === email && /Confirm your email/.test(m.subject));
    const token = confirmationToken(mail.text)!;

    const scanner = createClient(server.url);
    for (let i = 0; i < 2; i += 1) {
      const opened = await scanner.get(`/confirm-email?token=${token}`);
      expect(opened.status).toBe(200);
      expect(opened.headers.getSetCookie()).toEqual([]);
    }
    expect((await scanner.get('/api/auth/user')).status).toBe(401);
    expect(await server.database.handle.query('select 1 from accounts where email = $1', [email])).toHaveLength(0);
    expect(await server.database.handle.query('select 1 from pending_registrations where email = $1', [email])).toHaveLength(1);

    const person = createClient(server.url);
    expect((await person.post('/api/auth/confirm-email', { token })).status).toBe(201);
    expect((await person.get('/api/auth/user')).body.email).toBe(email);
  });

  it("never swaps a signed-in session for the link's account: 409, the session and the link stay as they were", async () => {
    const athleteEmail = uniqueEmail('athlete');
    const athlete = createClient(server.url);
    expect((await signUp(athlete, registration(athleteEmail))).status).toBe(201);
    const sessionsBefore = await server.database.handle.query<{ sid: string }>('select sid from sessions order by sid');

    const strangerEmail = uniqueEmail('stranger');
    expect((await createClient(server.url).post('/api/auth/register', { ...registration(strangerEmail), firstName: 'Mallory' })).status).toBe(202);
    const mail = await server.mail.waitFor((m) => m.to === strangerEmail && /Confirm your email/.test(m.subject));
    const token = confirmationToken(mail.text)!;

    const refused = await athlete.post('/api/auth/confirm-email', { token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: expect.stringMatching(/^You are signed in to another Kairo account\. Sign out first/) });
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect((await athlete.get('/api/auth/user')).body.email).toBe(athleteEmail);
    expect(await server.database.handle.query<{ sid: string }>('select sid from sessions order by sid')).toEqual(sessionsBefore);
    expect(await server.database.handle.query('select 1 from accounts where email = $1', [strangerEmail])).toHaveLength(0);

    // Signed out, the same link still works (once).
    expect((await athlete.post('/api/auth/logout')).status).toBe(200);
    const confirmed = await athlete.post('/api/auth/confirm-email', { token });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body).toMatchObject({ email: strangerEmail, firstName: 'Mallory' });
  });

  it('refuses a first or last name with a line break, with a clear 400, storing nothing', async () => {
    for (const [field, label] of [
      ['firstName', 'First name'],
      ['lastName', 'Last name'],
    ] as const) {
      for (const breakChar of ['\n', '\r', '\u2028', '\u0085']) {
        const email = uniqueEmail();
        const refused = await createClient(server.url).post('/api/auth/register', { ...registration(email), [field]: `Win a prize${breakChar}https://spam.example/win` });
        expect(refused.status, JSON.stringify(breakChar)).toBe(400);
        expect(refused.body).toEqual({ message: `${label} must be a single line without line breaks` });
        expect(await server.database.handle.query('select 1 from pending_registrations where email = $1', [email])).toHaveLength(0);
      }
    }
  });

  it('sends no part of the name to an address not yet confirmed, and only a tamed name in mail to an account', async () => {
    const email = uniqueEmail();
    const spam = { ...registration(email), firstName: 'Cheap watches at https://spam.example/w', lastName: 'visit www.spam.example' };
    expect((await createClient(server.url).post('/api/auth/register', spam)).status).toBe(202);
    const confirmation = await server.mail.waitFor((m) => m.to === email && /Confirm your email/.test(m.subject));
    expect(confirmation.text.startsWith('Hi there,\n')).toBe(true);
    expect(confirmation.text).not.toMatch(/watches|spam\.example|visit/);

    // An account's own mail greets it by a name on one line, cut short, with nothing link-like in it
    // (names stored before line breaks were refused keep working).
    const browser = createClient(server.url);
    expect((await signUp(browser, { ...spam, email: email })).status).toBe(201);
    await server.database.handle.query('update accounts set first_name = $1 where email = $2', [
      `Ada\r\nSubject: free money\nbit.ly/x mailto:a@b.example ${'Long'.repeat(30)}`,
      email,
    ]);
    expect((await createClient(server.url).post('/api/auth/forgot-password', { email })).status).toBe(200);
    const reset = await server.mail.waitFor((m) => m.to === email && /Reset your Kairo password/.test(m.subject));
    const greeting = reset.text.split('\n')[0]!;
    expect(greeting).toBe('Hi Ada free money,');
    expect(reset.text).not.toMatch(/bit\.ly|mailto|a@b\.example|LongLong/);

    await server.database.handle.query('update accounts set first_name = $1 where email = $2', ['Zoë-Marie de la Fontaine-Beauharnais von Habsburg', email]);
    expect((await createClient(server.url).post('/api/auth/register', { ...registration(email), password: 'another password' })).status).toBe(202);
    const notice = await server.mail.waitFor((m) => m.to === email && /tried to create/.test(m.subject));
    expect(notice.text.split('\n')[0]).toBe('Hi Zoë-Marie de la Fontaine-Beauharnais von,');
  });

  it('tells the owner of a taken address by mail, and no link of it opens their account', async () => {
    const email = uniqueEmail();
    await signUp(createClient(server.url), registration(email));
    const intruder = createClient(server.url);
    const again = await intruder.post('/api/auth/register', { ...registration(email), password: 'another password' });
    expect(again.status).toBe(202);
    const notice = await server.mail.waitFor((m) => m.to === email && /tried to create/.test(m.subject));
    expect(notice.text).toContain('/forgot-password');
    expect(confirmationToken(notice.text)).toBeUndefined();
    expect((await intruder.get('/api/auth/user')).status).toBe(401);
    expect((await createClient(server.url).post('/api/auth/login', { email, password: 'another password' })).status).toBe(401);
    // The taken address's pending registration is dropped once the notice is out.
    expect(await server.database.handle.query('select 1 from pending_registrations where email = $1', [email])).toHaveLength(0);
  });

  it('resets a forgotten password through the e-mailed link, once, ending old sessions', async () => {
    const email = uniqueEmail();
    const oldBrowser = createClient(server.url);
    await signUp(oldBrowser, registration(email));

    const forgot = await createClient(server.url).post('/api/auth/forgot-password', { email });
    const unknown = await createClient(server.url).post('/api/auth/forgot-password', { email: uniqueEmail() });
    expect(forgot.status).toBe(200);
    expect(unknown.body).toEqual(forgot.body);

    const mail = await server.mail.waitFor((m) => m.to === email && /Reset/.test(m.subject));
    const link = /https?:\/\/\S+\/reset-password\?token=([\w-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = link![1]!;
    const stored = await server.database.handle.query<{ token: string }>('select token from password_resets where email = $1', [email]);
    expect(stored[0]!.token).not.toBe(token);

    const reset = await createClient(server.url).post('/api/auth/reset-password', { token, password: 'a brand new one' });
    expect(reset.status).toBe(200);
    const reused = await createClient(server.url).post('/api/auth/reset-password', { token, password: 'yet another one' });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toMatch(/invalid or has expired/);

    expect((await oldBrowser.get('/api/auth/user')).status).toBe(401);
    expect((await createClient(server.url).post('/api/auth/login', { email, password: 'correct horse' })).status).toBe(401);
    expect((await createClient(server.url).post('/api/auth/login', { email, password: 'a brand new one' })).status).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    const email = uniqueEmail();
    await signUp(createClient(server.url), registration(email));
    await createClient(server.url).post('/api/auth/forgot-password', { email });
    const mail = await server.mail.waitFor((m) => m.to === email && /Reset/.test(m.subject));
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    await server.database.handle.query("update password_resets set expires_at = now() - interval '1 minute' where email = $1", [email]);
    const response = await createClient(server.url).post('/api/auth/reset-password', { token, password: 'a brand new one' });
    expect(response.status).toBe(400);
  });

  it('limits failed logins per account and client', async () => {
    const email = uniqueEmail();
    await signUp(createClient(server.url), registration(email));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await createClient(server.url).post('/api/auth/login', { email, password: `wrong-${i}-pass` })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await createClient(server.url).post('/api/auth/login', { email, password: 'correct horse' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.message).toMatch(/Too many wrong passwords/);
  });
});

describe.each(kinds)('registration without a mail server on %s (the README start command)', (kind) => {
  let server: TestKairo;
  beforeAll(async () => {
    // No SMTP_URL: mail goes to the dev outbox, which nobody reads in time.
    server = await startTestKairo(kind, { SMTP_URL: '' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('signs a new account in at once, and says plainly when the address is taken', async () => {
    const email = uniqueEmail('nomail');
    const browser = createClient(server.url);
    const registered = await browser.post('/api/auth/register', { email, password: 'correct horse', firstName: 'Ada', lastName: 'Lovelace' });
    expect(registered.status).toBe(201);
    expect(registered.body.email).toBe(email);
    expect((await browser.get('/api/auth/user')).status).toBe(200);

    const taken = await createClient(server.url).post('/api/auth/register', { email, password: 'another password', firstName: 'Eve', lastName: 'Intruder' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/already exists/);
    expect(taken.headers.getSetCookie()).toEqual([]);
  });
});
