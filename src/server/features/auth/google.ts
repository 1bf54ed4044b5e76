import type { FastifyInstance, FastifyReply } from 'fastify';
import * as oidc from 'openid-client';
import type { SessionCookie } from '../../http/session-cookie.ts';
import { requestMeta } from '../../http/request-meta.ts';
import type { AuthService } from './service.ts';
import { replaceBrowserSession } from './browser-session.ts';

/**
 * "Continue with Google": OpenID Connect authorization code flow with PKCE, state and nonce.
 * The three checks travel in a short-lived signed, HttpOnly cookie scoped to the callback path.
 */
const TRANSACTION_COOKIE = 'kairo_oidc';
const TRANSACTION_TTL_S = 10 * 60;
export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';

interface Transaction {
  state: string;
  nonce: string;
  verifier: string;
}

export interface OidcClientSettings {
  /** Recorded on the linked identity: 'google', or 'dev-idp' for the bundled development provider. */
  providerName: 'google' | 'dev-idp';
  /**
   * Whether a verified e-mail may sign in to an existing account it is not linked to yet. Only a
   * provider that really verifies addresses may; the development provider verifies nothing.
   */
  trustedEmails: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Answers the client's requests to the provider inside this process (demo mode, where the
   * provider is mounted on Kairo itself): nothing crosses the network.
   */
  inProcessFetch?: oidc.CustomFetch;
}

export async function registerGoogleAuth(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    cookie: SessionCookie;
    publicUrl: () => string;
    /** The provider to use, or undefined when Google sign-in is not configured. */
    provider: () => OidcClientSettings | undefined;
  },
): Promise<void> {
  let discovered: { key: string; config: Promise<oidc.Configuration> } | undefined;

  // Discovery happens on first use, so the server boots even while the provider is unreachable.
  function clientConfiguration(current: OidcClientSettings): Promise<oidc.Configuration> {
    const key = `${current.issuer}|${current.clientId}`;
    if (discovered?.key !== key) {
      const issuer = new URL(current.issuer);
      const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
      // Plain HTTP only where no network can see it: loopback, or requests that never leave the process.
      const plainHttpAllowed = issuer.protocol === 'http:' && (loopback || current.inProcessFetch !== undefined);
      const config = oidc
        .discovery(issuer, current.clientId, current.clientSecret, undefined, {
          // The ID token's signature is checked against the provider's published keys too, rather
          // than trusted for having come over TLS: loopback development setups have no TLS.
          execute: [oidc.enableNonRepudiationChecks, ...(plainHttpAllowed ? [oidc.allowInsecureRequests] : [])],
          ...(current.inProcessFetch ? { [oidc.customFetch]: current.inProcessFetch } : {}),
          timeout: 10,
        })
        .catch((error: unknown) => {
          discovered = undefined;
          throw error;
        });
      discovered = { key, config };
    }
    return discovered.config;
  }

  const transactionCookie = {
    path: GOOGLE_CALLBACK_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.publicUrl().startsWith('https://'),
    signed: true,
  } as const;

  const failed = (reply: FastifyReply) => reply.clearCookie(TRANSACTION_COOKIE, transactionCookie).redirect('/login?error=google');

  app.get('/api/auth/google', async (request, reply) => {
    const current = deps.provider();
    if (!current) return reply.code(404).send({ message: 'Google sign-in is not configured' });
    let configuration: oidc.Configuration;
    try {
      configuration = await clientConfiguration(current);
    } catch (error) {
      request.log.warn({ err: error }, 'OpenID provider discovery failed');
      return failed(reply);
    }
    const transaction: Transaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
    };
    const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: `${deps.publicUrl()}${GOOGLE_CALLBACK_PATH}`,
      scope: 'openid email profile',
      state: transaction.state,
      nonce: transaction.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(transaction.verifier),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
    reply.setCookie(TRANSACTION_COOKIE, JSON.stringify(transaction), { ...transactionCookie, maxAge: TRANSACTION_TTL_S });
    return reply.redirect(authorizationUrl.href);
  });

  app.get(GOOGLE_CALLBACK_PATH, async (request, reply) => {
    const current = deps.provider();
    const raw = request.cookies[TRANSACTION_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    if (!current || !unsigned?.valid || !unsigned.value) return failed(reply);
    let transaction: Transaction;
    try {
      transaction = JSON.parse(unsigned.value) as Transaction;
    } catch {
      return failed(reply);
    }
    try {
      const configuration = await clientConfiguration(current);
      const callbackUrl = new URL(request.url, deps.publicUrl());
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: transaction.verifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== 'string' || claims.email_verified !== true) {
        request.log.warn('OpenID sign-in refused: no verified e-mail in the ID token');
        return failed(reply);
      }
      const signedIn = await deps.auth.signInWithProvider(
        {
          provider: current.providerName,
          trustedEmails: current.trustedEmails,
          subject: claims.sub,
          email: claims.email.toLowerCase(),
          firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
          lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
          picture: typeof claims.picture === 'string' && claims.picture.startsWith('https://') ? claims.picture : null,
        },
        requestMeta(request),
      );
      await replaceBrowserSession(deps, request, reply, signedIn);
      return reply.clearCookie(TRANSACTION_COOKIE, transactionCookie).redirect('/');
    } catch (error) {
      request.log.warn({ err: error }, 'OpenID sign-in failed');
      return failed(reply);
    }
  });
}
