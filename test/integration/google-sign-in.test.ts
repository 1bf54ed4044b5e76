import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjectFor } from '../../tools/fake-idp/provider.ts';
import { startFakeIdp, type FakeIdpServer } from '../../tools/fake-idp/server.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { approveAtProvider, pathOf, signInWithGoogle, startGoogleSignIn } from '../support/google-sign-in.ts';
import { createClient } from '../support/http-client.ts';
import { startTestKairo, uniqueEmail, type TestKairo, signUp } from '../support/kairo.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('Google sign-in on %s', (kind) => {
  const client = { clientId: 'kairo-test', clientSecret: randomBytes(24).toString('base64url') };
  let idp: FakeIdpServer;
  let server: TestKairo;

  beforeAll(async () => {
    idp = await startFakeIdp({ clients: [] });
    server = await startTestKairo(kind, {
      GOOGLE_CLIENT_ID: client.clientId,
      GOOGLE_CLIENT_SECRET: client.clientSecret,
      GOOGLE_ISSUER: idp.issuer,
    });
    // Kairo's callback URL exists only once it listens on its ephemeral port.
    idp.registerClient({ ...client, redirectUris: [`${server.url}/api/auth/google/callback`] });
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  const accountsWith = (email: string) =>
    server.database.handle.query<{ id: string; email_verified: boolean; hashed_password: string | null }>(
      'select id, email_verified, hashed_password from accounts where email = $1',
      [email],
    );
  const googleLinksOf = (accountId: string) =>
    server.database.handle.query<{ provider_id: string }>(
      "select provider_id from oauth_accounts where account_id = $1 and provider = 'google'",
      [accountId],
    );
  const expectRefused = (landing: { status: number; headers: Headers }) => {
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe('/login?error=google');
    expect(landing.headers.getSetCookie().some((cookie) => cookie.startsWith('kairo_session='))).toBe(false);
  };
  /** A password account for `email`, confirmed through its mail and signed in on `browser`. */
  const register = (email: string, password = 'correct horse', browser = createClient(server.url)) =>
    signUp(browser, { email, password, firstName: 'Early', lastName: 'Bird' });

  it('sends the browser to the provider with PKCE S256, state and nonce, kept in a signed cookie for the callback', async () => {
    const browser = createClient(server.url);
    const start = await browser.get('/api/auth/google');
    expect(start.status).toBe(302);
    const authorization = new URL(start.headers.get('location')!);
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${idp.issuer}/authorize`);
    const params = Object.fromEntries(authorization.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: `${server.url}/api/auth/google/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[\w-]{43}$/);
    expect(params.nonce).toMatch(/^[\w-]{43}$/);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);

    const cookie = start.headers.getSetCookie().find((value) => value.startsWith('kairo_oidc='));
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/Path=\/api\/auth\/google\/callback/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('creates a verified account on the first sign-in, links it and signs in', async () => {
    const email = uniqueEmail('google');
    const browser = createClient(server.url);
    const { landing } = await signInWithGoogle(browser, { email: email.toUpperCase(), givenName: 'Grace', familyName: 'Hopper' });
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe('/');
    expect(browser.jar.has('kairo_session')).toBe(true);
    expect(browser.jar.has('kairo_oidc')).toBe(false);

    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, firstName: 'Grace', lastName: 'Hopper', name: 'Grace Hopper' });

    const [account] = await accountsWith(email);
    expect(account).toMatchObject({ email_verified: true, hashed_password: null });
    expect(await googleLinksOf(account!.id)).toEqual([{ provider_id: subjectFor(email) }]);
  });

  it('signs the same person in to the same account next time, replacing the session the browser held', async () => {
    const email = uniqueEmail('google');
    const browser = createClient(server.url);
    await signInWithGoogle(browser, { email });
    const first = await browser.get('/api/auth/user');
    const firstToken = browser.jar.get('kairo_session')!;

    const { landing } = await signInWithGoogle(browser, { email });
    expect(landing.headers.get('location')).toBe('/');
    expect((await browser.get('/api/auth/user')).body.id).toBe(first.body.id);
    expect(browser.jar.get('kairo_session')).not.toBe(firstToken);
    const stale = createClient(server.url);
    stale.jar.set('kairo_session', firstToken);
    expect((await stale.get('/api/auth/user')).status).toBe(401);

    const accounts = await accountsWith(email);
    expect(accounts).toHaveLength(1);
    expect(await googleLinksOf(accounts[0]!.id)).toHaveLength(1);
  });

  it('links a password account whose e-mail is verified, keeping its password and sessions', async () => {
    const email = uniqueEmail('linked');
    const passwordBrowser = createClient(server.url);
    // Confirmed through the link of its mail, which proves the address.
    const registered = await register(email, 'correct horse', passwordBrowser);

    const googleBrowser = createClient(server.url);
    const { landing } = await signInWithGoogle(googleBrowser, { email });
    expect(landing.headers.get('location')).toBe('/');
    expect((await googleBrowser.get('/api/auth/user')).body).toMatchObject({ id: registered.body.id, firstName: 'Early' });
    expect(await googleLinksOf(registered.body.id)).toHaveLength(1);

    expect((await passwordBrowser.get('/api/auth/user')).status).toBe(200);
    const login = await createClient(server.url).post('/api/auth/login', { email, password: 'correct horse' });
    expect(login.status).toBe(200);
  });

  it('hands an unverified account to the verified owner: its password stops working and its sessions end', async () => {
    const email = uniqueEmail('squatted');
    const squatter = createClient(server.url);
    const registered = await signUp(squatter, {
      email,
      password: 'squatter password',
      firstName: 'Not',
      lastName: 'Owner',
    });
    // An account nobody proved the address of: registered where no mail confirms addresses (ADR 0053),
    // or before registrations were confirmed.
    await server.database.handle.query('update accounts set email_verified = false where email = $1', [email]);
    expect((await squatter.get('/api/auth/user')).status).toBe(200);

    const owner = createClient(server.url);
    const { landing } = await signInWithGoogle(owner, { email });
    expect(landing.headers.get('location')).toBe('/');
    expect((await owner.get('/api/auth/user')).body.id).toBe(registered.body.id);

    expect((await squatter.get('/api/auth/user')).status).toBe(401);
    const login = await createClient(server.url).post('/api/auth/login', { email, password: 'squatter password' });
    expect(login.status).toBe(401);
    expect(await accountsWith(email)).toEqual([{ id: registered.body.id, email_verified: true, hashed_password: null }]);
  });

  it('refuses an e-mail address the provider has not verified, creating nothing', async () => {
    const email = uniqueEmail('unverified');
    const browser = createClient(server.url);
    const { landing } = await signInWithGoogle(browser, { email, emailVerified: false });
    expectRefused(landing);
    expect(browser.jar.has('kairo_oidc')).toBe(false);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect(await accountsWith(email)).toHaveLength(0);
  });

  it('does not let an unverified address from the provider take over an existing account', async () => {
    const email = uniqueEmail('kept');
    await register(email, 'my own password');
    const { landing } = await signInWithGoogle(createClient(server.url), { email, emailVerified: false });
    expectRefused(landing);
    expect((await createClient(server.url).post('/api/auth/login', { email, password: 'my own password' })).status).toBe(200);
  });

  it('refuses a callback whose state was tampered with', async () => {
    const email = uniqueEmail('tampered');
    const browser = createClient(server.url);
    const callback = await approveAtProvider(await startGoogleSignIn(browser), { email });
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    expectRefused(await browser.get(pathOf(callback)));
    expect(await accountsWith(email)).toHaveLength(0);
  });

  it('refuses a callback without the transaction cookie, with a forged one, or with another sign-in’s', async () => {
    const email = uniqueEmail('forged');
    const victim = createClient(server.url);
    const callback = await approveAtProvider(await startGoogleSignIn(victim), { email });

    expectRefused(await createClient(server.url).get(pathOf(callback)));

    const forger = createClient(server.url);
    const forgedTransaction = { state: callback.searchParams.get('state'), nonce: 'chosen', verifier: 'v'.repeat(43) };
    forger.jar.set('kairo_oidc', `${encodeURIComponent(JSON.stringify(forgedTransaction))}.forged-signature`);
    expectRefused(await forger.get(pathOf(callback)));

    // Login CSRF: a browser that started its own sign-in is handed someone else's callback URL.
    const other = createClient(server.url);
    await startGoogleSignIn(other);
    expectRefused(await other.get(pathOf(callback)));

    expect(await accountsWith(email)).toHaveLength(0);
  });

  it('refuses a replayed authorization code: the provider redeems each code once', async () => {
    const email = uniqueEmail('replayed');
    const browser = createClient(server.url);
    const callback = await approveAtProvider(await startGoogleSignIn(browser), { email });
    const transaction = browser.jar.get('kairo_oidc')!;
    expect((await browser.get(pathOf(callback))).headers.get('location')).toBe('/');

    // Same code, same valid transaction: only the provider's single-use rule stands in the way.
    const replayer = createClient(server.url);
    replayer.jar.set('kairo_oidc', transaction);
    expectRefused(await replayer.get(pathOf(callback)));
    expect((await replayer.get('/api/auth/user')).status).toBe(401);
  });

  it('refuses an error answer from the provider', async () => {
    const browser = createClient(server.url);
    const authorization = await startGoogleSignIn(browser);
    const denied = new URL(`${server.url}/api/auth/google/callback`);
    denied.searchParams.set('error', 'access_denied');
    denied.searchParams.set('state', authorization.searchParams.get('state')!);
    denied.searchParams.set('iss', idp.issuer);
    expectRefused(await browser.get(pathOf(denied)));
  });
});
