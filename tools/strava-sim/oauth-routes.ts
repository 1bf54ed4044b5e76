import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from './api-routes.ts';
import { consentPage } from './consent-page.ts';
import { applicationInactive, athleteLimitReached, badRequest, invalidAccessToken, invalidApplication } from './errors.ts';
import { requestParams, requiredParam, type Params } from './params.ts';
import { summaryAthleteJson } from './representation/athlete-json.ts';
import type { StravaSimulator } from './simulator.ts';
import type { SimAthlete } from './store.ts';
import { isScope, type IssuedTokens, type Scope } from './tokens.ts';

/**
 * Strava's OAuth 2 endpoints: /oauth/authorize (the athlete's consent, then a redirect back with
 * `code`, `state` and the granted `scope`), /oauth/token (authorization_code and refresh_token
 * grants; also served at /api/v3/oauth/token), /oauth/deauthorize and its 2027 successor
 * /oauth/revoke. An Inactive application is refused (403) at the token, deauthorize and revoke
 * endpoints; one at its athlete limit is refused a new athlete's code exchange (403).
 *
 * Who authorises: the athlete "signed in" in this browser (a session cookie set on the first
 * visit, like strava.com's login), else, in demo mode, a new demo athlete, so that every person
 * trying a demo instance gets their own history. Tests pick the athlete, the scopes ticked or a
 * refusal with `control.nextAuthorization`.
 */

const SESSION_COOKIE = 'strava_sim_session';

export interface OAuthRouteOptions {
  /** Show the consent screen instead of approving at once. */
  consentPage: boolean;
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function parseScopes(raw: string | undefined): Scope[] {
  const names = (raw ?? 'read').split(/[,\s]+/).filter(Boolean);
  const scopes = new Set<Scope>(['read']);
  for (const name of names) {
    if (!isScope(name)) throw badRequest('Authorize', 'scope', 'invalid');
    scopes.add(name);
  }
  return [...scopes];
}

function parseRedirectUri(raw: string | undefined): URL {
  try {
    const url = new URL(raw ?? '');
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // Falls through to Strava's error for a bad redirect_uri.
  }
  throw badRequest('Application', 'redirect_uri', 'invalid');
}

function tokenResponse(tokens: IssuedTokens, nowS: number) {
  return {
    token_type: 'Bearer',
    access_token: tokens.accessToken.token,
    expires_at: tokens.accessToken.expiresAtS,
    expires_in: tokens.accessToken.expiresAtS - nowS,
    refresh_token: tokens.refreshToken,
  };
}

export async function registerOAuthRoutes(app: FastifyInstance, sim: StravaSimulator, options: OAuthRouteOptions): Promise<void> {
  /** Browser sessions of the simulated strava.com: opaque id → athlete. */
  const sessions = new Map<string, number>();
  const cookiePath = app.prefix === '' ? '/' : app.prefix;

  function signedInAthlete(request: FastifyRequest): SimAthlete | undefined {
    const session = readCookie(request, SESSION_COOKIE);
    const athleteId = session === undefined ? undefined : sessions.get(session);
    return athleteId === undefined ? undefined : sim.athletes.get(athleteId);
  }

  function signIn(reply: FastifyReply, athlete: SimAthlete): void {
    const session = randomBytes(16).toString('hex');
    sessions.set(session, athlete.id);
    reply.header('set-cookie', `${SESSION_COOKIE}=${session}; Path=${cookiePath}; HttpOnly; SameSite=Lax`);
  }

  /** The athlete at the keyboard, signing one in when there is none yet. */
  function authorizingAthlete(request: FastifyRequest, reply: FastifyReply, overrideId: number | undefined): SimAthlete {
    if (overrideId !== undefined) return sim.requireAthlete(overrideId);
    const current = signedInAthlete(request);
    if (current) return current;
    if (!sim.autoCreateAthletes) throw badRequest('Athlete', 'session', 'missing');
    const created = sim.athletes.create();
    signIn(reply, created);
    return created;
  }

  function redirectWithDecision(reply: FastifyReply, params: Params, athlete: SimAthlete, requested: Scope[], granted: Scope[] | null) {
    const clientId = requiredParam(params, 'client_id', 'Application');
    const target = parseRedirectUri(params.redirect_uri);
    if (params.state !== undefined) target.searchParams.set('state', params.state);
    if (granted === null) {
      target.searchParams.set('error', 'access_denied');
    } else {
      const scopes = requested.filter((scope) => scope === 'read' || granted.includes(scope));
      target.searchParams.set('code', sim.tokens.authorize(clientId, athlete.id, scopes));
      target.searchParams.set('scope', scopes.join(','));
    }
    return reply.redirect(target.toString(), 302);
  }

  app.get('/oauth/authorize', async (request, reply) => {
    const params = requestParams(request);
    const client = sim.clients.get(params.client_id);
    if (!client) throw badRequest('Application', 'client_id', 'invalid');
    parseRedirectUri(params.redirect_uri);
    if ((params.response_type ?? 'code') !== 'code') throw badRequest('Application', 'response_type', 'invalid');
    const requested = parseScopes(params.scope);
    const override = sim.nextAuthorization;
    sim.nextAuthorization = null;
    const athlete = authorizingAthlete(request, reply, override?.athleteId);
    if (override) return redirectWithDecision(reply, params, athlete, requested, override.deny ? null : (override.scopes ?? requested));
    if (!options.consentPage) return redirectWithDecision(reply, params, athlete, requested, requested);
    return reply.type('text/html; charset=utf-8').send(
      consentPage({
        action: `${app.prefix}/oauth/authorize`,
        applicationName: client.name,
        athleteName: `${athlete.profile.firstname} ${athlete.profile.lastname}`,
        athleteId: athlete.id,
        clientId: client.clientId,
        redirectUri: params.redirect_uri ?? '',
        state: params.state,
        scopes: requested,
      }),
    );
  });

  if (options.consentPage) {
    app.post('/oauth/authorize', async (request, reply) => {
      const params = requestParams(request);
      if (!sim.clients.get(params.client_id)) throw badRequest('Application', 'client_id', 'invalid');
      const athlete = signedInAthlete(request);
      if (!athlete) throw badRequest('Athlete', 'session', 'missing');
      const requested = parseScopes(params.requested_scope);
      const ticked = params.decision === 'authorize' ? parseScopes(params.scope) : null;
      return redirectWithDecision(reply, params, athlete, requested, ticked);
    });
  }

  const token = async (request: FastifyRequest) => {
    const params = requestParams(request);
    const client = sim.clients.verify(params.client_id, params.client_secret);
    if (!client) throw invalidApplication();
    if (client.inactive) throw applicationInactive();
    const nowS = sim.nowS();
    switch (params.grant_type) {
      case 'authorization_code': {
        const code = params.code ?? '';
        const newcomer = sim.tokens.codeAthlete(client.clientId, code);
        if (
          newcomer !== undefined &&
          client.athleteLimit !== null &&
          !sim.tokens.hasGrant(client.clientId, newcomer) &&
          sim.tokens.athleteCount(client.clientId) >= client.athleteLimit
        ) {
          sim.tokens.discardCode(code);
          throw athleteLimitReached();
        }
        const issued = sim.tokens.exchangeCode(client.clientId, code);
        if (!issued) throw badRequest('RequestToken', 'code', 'invalid');
        const { token_type, expires_at, expires_in, refresh_token, access_token } = tokenResponse(issued, nowS);
        const athlete = sim.requireAthlete(issued.accessToken.athleteId);
        // Key order as Strava sends it (oauth_token_authorization_code.json).
        return { token_type, expires_at, expires_in, refresh_token, access_token, athlete: summaryAthleteJson(athlete, nowS) };
      }
      case 'refresh_token': {
        const issued = sim.tokens.refresh(client.clientId, params.refresh_token ?? '');
        if (!issued) throw badRequest('RefreshToken', 'refresh_token', 'invalid');
        return tokenResponse(issued, nowS);
      }
      default:
        throw badRequest('Application', 'grant_type', 'invalid');
    }
  };
  app.post('/oauth/token', token);
  app.post('/api/v3/oauth/token', token);

  app.post('/oauth/deauthorize', async (request) => {
    const given = requestParams(request).access_token ?? bearerToken(request) ?? '';
    const accessToken = sim.tokens.authenticate(given);
    if (!accessToken) throw invalidAccessToken();
    if (sim.clients.get(accessToken.clientId)?.inactive) throw applicationInactive();
    sim.deauthorize(accessToken.clientId, accessToken.athleteId);
    return { access_token: accessToken.token };
  });

  /**
   * The 2027 successor of /oauth/deauthorize (announced as available now). Modelled on RFC 7009:
   * the token to revoke (an access or a refresh token) is a form or JSON field `token`, never a
   * query parameter (400); either kind revokes the athlete's whole grant, as deauthorize did, and
   * webhooks hear authorized "false". An unknown token answers 200 (RFC 7009 §2.2), an expired
   * access token is still recognised.
   */
  app.post('/oauth/revoke', async (request) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    if ('token' in query || 'access_token' in query || 'refresh_token' in query) throw badRequest('Token', 'token', 'not_allowed_in_query');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const given = typeof body.token === 'string' ? body.token : '';
    if (!given) throw badRequest('Token', 'token', 'missing');
    const owner = sim.tokens.peek(given) ?? sim.tokens.refreshTokenOwner(given);
    if (!owner) return {};
    if (sim.clients.get(owner.clientId)?.inactive) throw applicationInactive();
    sim.deauthorize(owner.clientId, owner.athleteId);
    return {};
  });
}
