import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../support/databases.ts';
import { pathOf, signInWithGoogle, startGoogleSignIn, submitSignInForm } from '../support/google-sign-in.ts';
import { createClient } from '../support/http-client.ts';
import { startTestKairo, uniqueEmail, type TestKairo, signUp } from '../support/kairo.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('Google sign-in in demo mode on %s', (kind) => {
  let server: TestKairo;
  beforeAll(async () => {
    server = await startTestKairo(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('publishes the development provider under the public URL', async () => {
    const discovery = await createClient(server.url).get('/dev/idp/.well-known/openid-configuration');
    expect(discovery.status).toBe(200);
    expect(discovery.body).toMatchObject({
      issuer: `${server.url}/dev/idp`,
      authorization_endpoint: `${server.url}/dev/idp/authorize`,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('signs in with no Google credentials through the provider mounted at /dev/idp', async () => {
    const browser = createClient(server.url);
    const authorization = await startGoogleSignIn(browser);
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${server.url}/dev/idp/authorize`);

    const page = await browser.get(pathOf(authorization));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Kairo development sign-in — no Google account is used');
    expect(page.text).not.toContain('<script');
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(page.headers.get('content-security-policy')).toMatch(/form-action 'self'/);

    // The page's default demo identity, submitted as is.
    const approval = await submitSignInForm(browser, page);
    expect(approval.status).toBe(303);
    const callback = new URL(approval.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${server.url}/api/auth/google/callback`);

    const landing = await browser.get(pathOf(callback));
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe('/');
    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'demo.athlete@example.com', name: 'Demo Athlete' });
  });

  it('never lets the development provider into an existing account it is not linked to', async () => {
    const email = uniqueEmail();
    await signUp(createClient(server.url), {
      email,
      password: 'correct horse',
      firstName: 'Real',
      lastName: 'Owner',
    });
    const intruder = createClient(server.url);
    const { landing } = await signInWithGoogle(intruder, { email });
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe('/login?error=google');
    expect((await intruder.get('/api/auth/user')).status).toBe(401);
    const links = await server.database.handle.query(
      'select 1 from oauth_accounts o join accounts a on a.id = o.account_id where a.email = $1',
      [email],
    );
    expect(links).toHaveLength(0);
    expect((await createClient(server.url).post('/api/auth/login', { email, password: 'correct horse' })).status).toBe(200);
  });
});

describe.each(kinds)('Google sign-in without credentials on a network bind (%s)', (kind) => {
  let server: TestKairo;
  beforeAll(async () => {
    server = await startTestKairo(kind, { HOST: '0.0.0.0' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('offers no development provider to other machines', async () => {
    const address = server.kairo.app.server.address() as AddressInfo;
    const start = await createClient(`http://127.0.0.1:${address.port}`).get('/api/auth/google');
    expect(start.status).toBe(404);
    expect(start.body).toEqual({ message: 'Google sign-in is not configured' });
  });
});

describe.each(kinds)('Google sign-in in production without credentials on %s', (kind) => {
  let server: TestKairo;
  beforeAll(async () => {
    server = await startTestKairo(kind, { NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 404 and mounts no development provider', async () => {
    const browser = createClient(server.url);
    const start = await browser.get('/api/auth/google');
    expect(start.status).toBe(404);
    expect(start.body).toEqual({ message: 'Google sign-in is not configured' });
    const discovery = await browser.get('/dev/idp/.well-known/openid-configuration');
    expect(discovery.headers.get('content-type')).not.toMatch(/json/);
    expect((await browser.get('/dev/idp/authorize')).text).not.toContain('Kairo development sign-in');
  });
});
