import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { z } from 'zod';
import { checkAuthorizationRequest, SUPPORTED_SCOPES, type AuthorizationCheck, type Scope } from './authorization-request.ts';
import { authenticateClient } from './client-authentication.ts';
import { GrantStore } from './grant-store.ts';
import { OAuthError, readParams, verifiesS256Challenge, type FakeIdpClient } from './protocol.ts';
import { renderRefusalPage, renderSignInPage, type IdentityFields } from './sign-in-page.ts';

/**
 * A small OpenID Connect provider for development and tests: discovery, JWKS, an authorization
 * endpoint whose page lets you sign in as anyone, a token endpoint and userinfo. It implements
 * exactly one flow, the one Kairo uses with Google: authorization code with state, nonce and
 * PKCE S256. Keys, codes and tokens live in memory; a restart starts afresh.
 */
export interface FakeIdpOptions {
  /** Path the provider is mounted under: '' on its own server, '/dev/idp' inside Kairo. */
  prefix: string;
  /**
   * The issuer identifier: the provider's base URL including the prefix. Read on each request,
   * because a server on an ephemeral port learns its address only once it listens.
   */
  issuer: () => string;
  clients: () => readonly FakeIdpClient[];
}

/** Codes are exchanged within seconds by a working client; RFC 6749 §4.1.2 caps them at 10 minutes. */
const CODE_TTL_MS = 60_000;
const TOKEN_TTL_S = 3600;
const FORM_BODY_LIMIT_BYTES = 16 * 1024;

const DEFAULT_IDENTITY: IdentityFields = {
  email: 'demo.athlete@example.com',
  givenName: 'Demo',
  familyName: 'Athlete',
  emailVerified: true,
};

interface Identity {
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
}

interface AuthorizationGrant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string;
  scopes: Scope[];
  identity: Identity;
  authTimeS: number;
}

interface AccessGrant {
  scopes: Scope[];
  identity: Identity;
}

const identityForm = z.object({
  email: z.email({ error: 'Enter a valid e-mail address' }).max(254, 'The e-mail address is too long'),
  given_name: z.string().trim().max(100, 'The first name is too long').optional(),
  family_name: z.string().trim().max(100, 'The last name is too long').optional(),
  // An HTML checkbox sends its value when checked and nothing at all otherwise.
  email_verified: z.literal('true').optional(),
});

/** Mounts the provider on an existing Fastify instance, under options.prefix. */
export async function mountFakeIdp(app: FastifyInstance, options: FakeIdpOptions): Promise<void> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const codes = new GrantStore<AuthorizationGrant>(CODE_TTL_MS);
  const accessTokens = new GrantStore<AccessGrant>(TOKEN_TTL_S * 1000);
  const authorizePath = `${options.prefix}/authorize`;

  /** Failed authorization requests: shown to the user when the client cannot be trusted, else sent back to it. */
  function refuse(reply: FastifyReply, check: Extract<AuthorizationCheck, { ok: false }>) {
    if (check.redirectUri === undefined) return sendHtml(reply, 400, renderRefusalPage(check.error.message));
    return reply.redirect(
      withParams(check.redirectUri, { ...check.error.toJSON(), state: check.state, iss: options.issuer() }),
      302,
    );
  }

  await app.register(
    async (idp) => {
      idp.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
        (_request, body, done) => done(null, new URLSearchParams(body.toString())),
      );

      idp.setErrorHandler((error: FastifyError | OAuthError, request, reply) => {
        if (error instanceof OAuthError) {
          if (error.challenge) reply.header('www-authenticate', error.challenge);
          return reply.code(error.status).header('cache-control', 'no-store').send(error.toJSON());
        }
        const status = error.statusCode ?? 500;
        if (status >= 400 && status < 500) {
          return reply.code(status).send({ error: 'invalid_request', error_description: error.message });
        }
        request.log.error({ err: error }, 'fake OpenID provider failed');
        return reply.code(500).send({ error: 'server_error', error_description: 'The provider could not handle the request' });
      });

      idp.setNotFoundHandler((_request, reply) =>
        reply.code(404).send({ error: 'invalid_request', error_description: 'No such endpoint' }),
      );

      idp.get('/.well-known/openid-configuration', async () => {
        const issuer = options.issuer();
        return {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/userinfo`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          response_modes_supported: ['query'],
          grant_types_supported: ['authorization_code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          scopes_supported: SUPPORTED_SCOPES,
          claims_supported: ['iss', 'aud', 'sub', 'exp', 'iat', 'auth_time', 'nonce', 'email', 'email_verified', 'name', 'given_name', 'family_name'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          code_challenge_methods_supported: ['S256'],
          authorization_response_iss_parameter_supported: true,
          claims_parameter_supported: false,
          request_parameter_supported: false,
          request_uri_parameter_supported: false,
        };
      });

      idp.get('/jwks', async () => ({ keys: [{ ...publicJwk, kid, alg: 'RS256', use: 'sig' }] }));

      idp.get('/authorize', async (request, reply) => {
        const check = checkAuthorizationRequest(queryOf(request), options.clients());
        if (!check.ok) return refuse(reply, check);
        const { request: authorization } = check;
        const identity = authorization.loginHint
          ? { email: authorization.loginHint, givenName: '', familyName: '', emailVerified: true }
          : DEFAULT_IDENTITY;
        return sendHtml(reply, 200, renderSignInPage({ action: authorizePath, request: authorization, identity }), authorization.redirectUri);
      });

      // The sign-in page posts the authorization request back with the identity the user chose.
      idp.post('/authorize', async (request, reply) => {
        const params = formParams(request);
        const check = checkAuthorizationRequest(params, options.clients());
        if (!check.ok) return refuse(reply, check);
        const { request: authorization } = check;
        const sent = readParams(params, ['email', 'given_name', 'family_name', 'email_verified']);
        const form = identityForm.safeParse(sent);
        if (!form.success) {
          const identity = {
            email: sent.email ?? '',
            givenName: sent.given_name ?? '',
            familyName: sent.family_name ?? '',
            emailVerified: sent.email_verified === 'true',
          };
          const error = form.error.issues[0]?.message ?? 'Check the form';
          return sendHtml(reply, 400, renderSignInPage({ action: authorizePath, request: authorization, identity, error }), authorization.redirectUri);
        }
        const code = codes.issue({
          clientId: authorization.client.clientId,
          redirectUri: authorization.redirectUri,
          codeChallenge: authorization.codeChallenge,
          nonce: authorization.nonce,
          scopes: authorization.scopes,
          identity: {
            subject: subjectFor(form.data.email),
            email: form.data.email,
            emailVerified: form.data.email_verified === 'true',
            givenName: form.data.given_name || undefined,
            familyName: form.data.family_name || undefined,
          },
          authTimeS: nowS(),
        });
        // 303, so the browser follows with a GET and never re-posts the form (RFC 9700 §4.12).
        return reply.redirect(withParams(authorization.redirectUri, { code, state: authorization.state, iss: options.issuer() }), 303);
      });

      idp.post('/token', async (request, reply) => {
        const body = formParams(request);
        const client = authenticateClient(request.headers.authorization, body, options.clients());
        const sent = readParams(body, ['grant_type', 'code', 'redirect_uri', 'code_verifier']);
        if (!sent.grant_type) throw new OAuthError('invalid_request', 'grant_type is required');
        if (sent.grant_type !== 'authorization_code') {
          throw new OAuthError('unsupported_grant_type', 'Only the authorization_code grant is supported');
        }
        if (!sent.code) throw new OAuthError('invalid_request', 'code is required');
        // The first redemption consumes the code whether or not it succeeds, so a stolen code
        // cannot be retried against guessed verifiers.
        const grant = codes.take(sent.code);
        if (!grant || grant.clientId !== client.clientId) {
          throw new OAuthError('invalid_grant', 'The authorization code is invalid, expired, already used or issued to another client');
        }
        if (sent.redirect_uri !== grant.redirectUri) {
          throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request');
        }
        if (!sent.code_verifier || !verifiesS256Challenge(sent.code_verifier, grant.codeChallenge)) {
          throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
        }
        const issuedAtS = nowS();
        const idToken = await new SignJWT({ ...claimsFor(grant.identity, grant.scopes), nonce: grant.nonce, auth_time: grant.authTimeS })
          .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
          .setIssuer(options.issuer())
          .setAudience(client.clientId)
          .setIssuedAt(issuedAtS)
          .setExpirationTime(issuedAtS + TOKEN_TTL_S)
          .sign(privateKey);
        return reply
          .header('cache-control', 'no-store')
          .header('pragma', 'no-cache')
          .send({
            access_token: accessTokens.issue({ scopes: grant.scopes, identity: grant.identity }),
            token_type: 'Bearer',
            expires_in: TOKEN_TTL_S,
            scope: grant.scopes.join(' '),
            id_token: idToken,
          });
      });

      idp.route({
        method: ['GET', 'POST'],
        url: '/userinfo',
        async handler(request, reply) {
          const token = /^Bearer ([\w\-.~+/]+=*)$/i.exec(request.headers.authorization ?? '')?.[1];
          if (!token) {
            throw new OAuthError('invalid_token', 'A Bearer access token is required', {
              status: 401,
              challenge: 'Bearer realm="fake-idp"',
            });
          }
          const grant = accessTokens.find(token);
          if (!grant) {
            throw new OAuthError('invalid_token', 'The access token is invalid or expired', {
              status: 401,
              challenge: 'Bearer realm="fake-idp", error="invalid_token"',
            });
          }
          return reply.header('cache-control', 'no-store').send(claimsFor(grant.identity, grant.scopes));
        },
      });
    },
    { prefix: options.prefix },
  );
}

/** The claims the granted scopes release (OpenID Connect Core §5.4). */
function claimsFor(identity: Identity, scopes: readonly Scope[]): Record<string, string | boolean> {
  const claims: Record<string, string | boolean> = { sub: identity.subject };
  if (scopes.includes('email')) {
    claims.email = identity.email;
    claims.email_verified = identity.emailVerified;
  }
  if (scopes.includes('profile')) {
    const name = [identity.givenName, identity.familyName].filter(Boolean).join(' ');
    if (name) claims.name = name;
    if (identity.givenName) claims.given_name = identity.givenName;
    if (identity.familyName) claims.family_name = identity.familyName;
  }
  return claims;
}

/** Stable for an address across restarts, as a real account's subject is; never the address itself. */
export function subjectFor(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

function formParams(request: FastifyRequest): URLSearchParams {
  if (request.body instanceof URLSearchParams) return request.body;
  throw new OAuthError('invalid_request', 'The request body must be application/x-www-form-urlencoded');
}

function queryOf(request: FastifyRequest): URLSearchParams {
  const start = request.url.indexOf('?');
  return new URLSearchParams(start < 0 ? '' : request.url.slice(start + 1));
}

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url.href;
}

/**
 * The pages carry no script at all. The form may post only back here, and the browser may then
 * follow the provider's redirect only to the client's origin.
 */
function sendHtml(reply: FastifyReply, status: number, html: string, redirectUri?: string) {
  const formAction = redirectUri ? `'self' ${new URL(redirectUri).origin}` : "'none'";
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .send(html);
}

const nowS = () => Math.floor(Date.now() / 1000);
