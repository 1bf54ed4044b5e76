import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkAuthorizationRequest } from '../../tools/fake-idp/authorization-request.ts';
import { authenticateClient, parseBasicCredentials } from '../../tools/fake-idp/client-authentication.ts';
import { OAuthError, readParams, verifiesS256Challenge, type FakeIdpClient } from '../../tools/fake-idp/protocol.ts';
import { mountFakeIdp, subjectFor } from '../../tools/fake-idp/provider.ts';

const ISSUER = 'http://idp.test';
const REDIRECT_URI = 'http://app.test/callback';
const client: FakeIdpClient = { clientId: 'app', clientSecret: 'a secret: with % and +', redirectUris: [REDIRECT_URI] };
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
/** RFC 7636 Appendix B: the S256 challenge of VERIFIER. */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const authorizationParams = (overrides: Record<string, string | null> = {}) => {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
  });
  for (const [name, value] of Object.entries(overrides)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  return params;
};

const caught = (action: () => unknown): OAuthError => {
  try {
    action();
  } catch (error) {
    if (error instanceof OAuthError) return error;
    throw error;
  }
  throw new Error('expected an OAuthError');
};

describe('fake IdP protocol helpers', () => {
  it('checks PKCE S256 with the RFC 7636 example and rejects malformed verifiers', () => {
    expect(verifiesS256Challenge(VERIFIER, CHALLENGE)).toBe(true);
    expect(verifiesS256Challenge(`${VERIFIER.slice(0, -1)}Y`, CHALLENGE)).toBe(false);
    expect(verifiesS256Challenge('too-short', createHash('sha256').update('too-short').digest('base64url'))).toBe(false);
  });

  it('reads each parameter once, treating an empty one as absent', () => {
    expect(readParams(new URLSearchParams('a=1&b='), ['a', 'b', 'c'])).toEqual({ a: '1', b: undefined, c: undefined });
    expect(caught(() => readParams(new URLSearchParams('a=1&a=2'), ['a'])).toJSON()).toEqual({
      error: 'invalid_request',
      error_description: 'a must be sent only once',
    });
  });

  it('decodes form-encoded Basic credentials and refuses malformed ones with 401 invalid_client', () => {
    const encoded = Buffer.from(`${encodeURIComponent('my app')}:${encodeURIComponent('s3:cr%t+')}`).toString('base64');
    expect(parseBasicCredentials(`Basic ${encoded}`)).toEqual({ clientId: 'my app', clientSecret: 's3:cr%t+' });
    for (const header of ['Bearer abc', 'Basic !!!', `Basic ${Buffer.from('no-colon').toString('base64')}`, `Basic ${Buffer.from('%zz:x').toString('base64')}`]) {
      const error = caught(() => parseBasicCredentials(header));
      expect(error, header).toMatchObject({ error: 'invalid_client', status: 401, challenge: 'Basic realm="fake-idp"' });
    }
  });

  it('authenticates clients by client_secret_basic or client_secret_post, never both at once', () => {
    const basic = `Basic ${Buffer.from(`app:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`;
    expect(authenticateClient(basic, new URLSearchParams(), [client])).toBe(client);
    const posted = new URLSearchParams({ client_id: 'app', client_secret: client.clientSecret });
    expect(authenticateClient(undefined, posted, [client])).toBe(client);

    expect(caught(() => authenticateClient(basic, posted, [client])).error).toBe('invalid_request');
    expect(caught(() => authenticateClient(undefined, new URLSearchParams({ client_id: 'app' }), [client])).status).toBe(401);
    expect(caught(() => authenticateClient(undefined, new URLSearchParams({ client_id: 'app', client_secret: 'wrong' }), [client])).error).toBe(
      'invalid_client',
    );
  });

  it('accepts the one supported flow and keeps only the scopes it knows', () => {
    const check = checkAuthorizationRequest(authorizationParams({ scope: 'openid email calendar', login_hint: 'ada@example.com' }), [client]);
    expect(check).toMatchObject({
      ok: true,
      request: { redirectUri: REDIRECT_URI, state: 'state-1', nonce: 'nonce-1', codeChallenge: CHALLENGE, scopes: ['openid', 'email'], loginHint: 'ada@example.com' },
    });
  });

  it('never redirects when the client or its redirect URI cannot be trusted', () => {
    const untrusted: Record<string, string | null>[] = [
      { client_id: 'unknown' },
      { client_id: null },
      { redirect_uri: 'http://app.test/callback/' },
      { redirect_uri: 'http://evil.test/callback' },
      { redirect_uri: null },
    ];
    for (const overrides of untrusted) {
      const check = checkAuthorizationRequest(authorizationParams(overrides), [client]);
      expect(check, JSON.stringify(overrides)).toMatchObject({ ok: false, redirectUri: undefined, error: { error: 'invalid_request' } });
    }
  });

  it('sends every other problem back to the client with its state', () => {
    const cases: [Record<string, string | null>, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ response_mode: 'form_post' }, 'invalid_request'],
      [{ scope: 'email profile' }, 'invalid_scope'],
      [{ nonce: null }, 'invalid_request'],
      [{ code_challenge: null }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: 'short' }, 'invalid_request'],
      [{ prompt: 'none' }, 'login_required'],
    ];
    for (const [overrides, error] of cases) {
      const check = checkAuthorizationRequest(authorizationParams(overrides), [client]);
      expect(check, JSON.stringify(overrides)).toMatchObject({ ok: false, redirectUri: REDIRECT_URI, state: 'state-1', error: { error } });
    }
    const stateless = checkAuthorizationRequest(authorizationParams({ state: null }), [client]);
    expect(stateless).toMatchObject({ ok: false, redirectUri: REDIRECT_URI, state: undefined, error: { message: 'state is required' } });
  });
});

describe('fake IdP endpoints', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await mountFakeIdp(app, { prefix: '', issuer: () => ISSUER, clients: () => [client] });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const form = (params: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(params).toString(),
  });

  /** Approves an authorization request on the sign-in page and returns the issued code. */
  async function authorize(identity: Record<string, string> = {}, overrides: Record<string, string | null> = {}) {
    const approved = await app.inject({
      method: 'POST',
      url: '/authorize',
      ...form({
        ...Object.fromEntries(authorizationParams(overrides)),
        email: 'Ada@Example.com',
        given_name: 'Ada',
        family_name: 'Lovelace',
        email_verified: 'true',
        ...identity,
      }),
    });
    expect(approved.statusCode).toBe(303);
    const location = new URL(approved.headers.location as string);
    expect(location.searchParams.get('state')).toBe('state-1');
    expect(location.searchParams.get('iss')).toBe(ISSUER);
    return location.searchParams.get('code')!;
  }

  const redeem = (params: Record<string, string>, headers: Record<string, string> = {}) => {
    const request = form({ grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, code_verifier: VERIFIER, ...params });
    return app.inject({ method: 'POST', url: '/token', ...request, headers: { ...request.headers, ...headers } });
  };
  const postedSecret = { client_id: client.clientId, client_secret: client.clientSecret };

  it('issues a signed ID token with the claims the scopes release, to client_secret_basic and client_secret_post alike', async () => {
    const jwks = createLocalJWKSet((await app.inject({ method: 'GET', url: '/jwks' })).json());
    const basic = `Basic ${Buffer.from(`${client.clientId}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`;
    for (const answer of [
      await redeem({ code: await authorize() }, { authorization: basic }),
      await redeem({ code: await authorize(), ...postedSecret }),
    ]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      const tokens = answer.json();
      expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'openid email profile' });
      const { payload, protectedHeader } = await jwtVerify(tokens.id_token, jwks, { issuer: ISSUER, audience: client.clientId });
      expect(protectedHeader.alg).toBe('RS256');
      expect(payload).toMatchObject({
        sub: subjectFor('ada@example.com'),
        nonce: 'nonce-1',
        email: 'Ada@Example.com',
        email_verified: true,
        given_name: 'Ada',
        family_name: 'Lovelace',
        name: 'Ada Lovelace',
      });
      expect(payload.exp! - payload.iat!).toBe(3600);

      const userinfo = await app.inject({ method: 'GET', url: '/userinfo', headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(userinfo.json()).toEqual({
        sub: payload.sub,
        email: 'Ada@Example.com',
        email_verified: true,
        name: 'Ada Lovelace',
        given_name: 'Ada',
        family_name: 'Lovelace',
      });
    }
  });

  it('reports email_verified=false when the page’s checkbox is left unticked', async () => {
    const code = await authorize({ email_verified: '' });
    const { id_token } = (await redeem({ code, ...postedSecret })).json();
    const claims = JSON.parse(Buffer.from(id_token.split('.')[1], 'base64url').toString());
    expect(claims.email_verified).toBe(false);
  });

  it('releases no e-mail or profile claims without those scopes', async () => {
    const code = await authorize({}, { scope: 'openid' });
    const { access_token } = (await redeem({ code, ...postedSecret })).json();
    const userinfo = await app.inject({ method: 'GET', url: '/userinfo', headers: { authorization: `Bearer ${access_token}` } });
    expect(userinfo.json()).toEqual({ sub: subjectFor('ada@example.com') });
  });

  it('redeems a code only once', async () => {
    const code = await authorize();
    expect((await redeem({ code, ...postedSecret })).statusCode).toBe(200);
    const replay = await redeem({ code, ...postedSecret });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
  });

  it('refuses a code_verifier that does not match the challenge, and the code is spent by the attempt', async () => {
    const code = await authorize();
    const mismatch = await redeem({ code, ...postedSecret, code_verifier: 'x'.repeat(43) });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ error: 'invalid_grant', error_description: 'code_verifier does not match the code_challenge' });
    expect((await redeem({ code, ...postedSecret })).json().error).toBe('invalid_grant');

    const missing = await redeem({ code: await authorize(), ...postedSecret, code_verifier: '' });
    expect(missing.json().error).toBe('invalid_grant');
  });

  it('refuses a redirect_uri other than the authorization request’s', async () => {
    const answer = await redeem({ code: await authorize(), ...postedSecret, redirect_uri: 'http://app.test/other' });
    expect(answer.json()).toEqual({ error: 'invalid_grant', error_description: 'redirect_uri does not match the authorization request' });
  });

  it('lets a code expire after a minute', async () => {
    const code = await authorize();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await redeem({ code, ...postedSecret })).json().error).toBe('invalid_grant');
  });

  it('answers a wrong client secret with 401 invalid_client and a Basic challenge', async () => {
    const answer = await redeem({ code: await authorize(), client_id: client.clientId, client_secret: 'wrong' });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Basic realm="fake-idp"');
    expect(answer.json().error).toBe('invalid_client');
  });

  it('renders the sign-in page with the login hint, escaped, and no script', async () => {
    const hint = '"><script>alert(1)</script>@example.com';
    const page = await app.inject({ method: 'GET', url: `/authorize?${authorizationParams({ login_hint: hint })}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http://app.test; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@example.com"');
    expect(page.body).toContain('<input type="hidden" name="state" value="state-1">');
  });

  it('shows the page again with the problem when the e-mail address is invalid', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/authorize',
      ...form({ ...Object.fromEntries(authorizationParams()), email: 'not an address' }),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('Enter a valid e-mail address');
    expect(answer.body).toContain('value="not an address"');
  });

  it('redirects authorization errors to the client, with state and issuer', async () => {
    const answer = await app.inject({ method: 'GET', url: `/authorize?${authorizationParams({ code_challenge_method: 'plain' })}` });
    expect(answer.statusCode).toBe(302);
    const location = new URL(answer.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'invalid_request',
      error_description: 'code_challenge_method must be S256',
      state: 'state-1',
      iss: ISSUER,
    });
  });

  it('answers bad input with a clear 4xx, never a 5xx', async () => {
    const cases: [string, InjectOptions, number, string][] = [
      ['unknown client', { method: 'GET', url: '/authorize?client_id=nobody' }, 400, 'client_id is missing or not registered'],
      ['JSON token request', { method: 'POST', url: '/token', payload: { grant_type: 'authorization_code' } }, 400, 'invalid_request'],
      ['no client authentication', { method: 'POST', url: '/token', ...form({ grant_type: 'authorization_code' }) }, 401, 'invalid_client'],
      ['malformed Basic header', { method: 'POST', url: '/token', ...form({}), headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic %%%' } }, 401, 'invalid_client'],
      ['other grant type', { method: 'POST', url: '/token', ...form({ ...postedSecret, grant_type: 'password' }) }, 400, 'unsupported_grant_type'],
      ['missing grant type', { method: 'POST', url: '/token', ...form(postedSecret) }, 400, 'grant_type is required'],
      ['unknown code', { method: 'POST', url: '/token', ...form({ ...postedSecret, grant_type: 'authorization_code', code: 'nope' }) }, 400, 'invalid_grant'],
      ['repeated code', { method: 'POST', url: '/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `${new URLSearchParams(postedSecret)}&grant_type=authorization_code&code=a&code=b` }, 400, 'code must be sent only once'],
      ['oversized form', { method: 'POST', url: '/token', ...form({ padding: 'x'.repeat(20_000) }) }, 413, 'invalid_request'],
      ['malformed JSON', { method: 'POST', url: '/authorize', headers: { 'content-type': 'application/json' }, payload: '{' }, 400, 'invalid_request'],
      ['userinfo without token', { method: 'GET', url: '/userinfo' }, 401, 'invalid_token'],
      ['userinfo with unknown token', { method: 'GET', url: '/userinfo', headers: { authorization: 'Bearer nope' } }, 401, 'invalid_token'],
      ['unknown endpoint', { method: 'GET', url: '/nowhere' }, 404, 'No such endpoint'],
    ];
    for (const [name, request, status, text] of cases) {
      const answer = await app.inject(request);
      expect(answer.statusCode, name).toBe(status);
      expect(answer.body, name).toContain(text);
    }
  });
});
