import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applicationInactive, badRequest, invalidAccessToken, missingPermission, notFound, rateLimitExceeded, tokenInQuery } from './errors.ts';
import { booleanParam, idParam, integerParam, requestParams } from './params.ts';
import { athleteStatsJson, detailedAthleteJson, summaryAthleteJson, zonesJson } from './representation/athlete-json.ts';
import { lapsJson } from './representation/activity-json.ts';
import { streamsJson } from './representation/streams-json.ts';
import type { ActivityChanges, StravaSimulator } from './simulator.ts';
import { SPORT_TYPES, type ActivityRecord } from './store.ts';
import type { AccessToken } from './tokens.ts';

/**
 * Strava API v3 resources, registered under `/api/v3` (today's address) and under `/api-v3`
 * (standing in for the 2027 address, announced as https://api-v3.strava.com). Every request needs a live bearer token,
 * counts against its application's rate limits (the X-RateLimit-* headers go on every answer,
 * refusals included) and is checked against the token's scopes the way Strava checks them. On the
 * 2027 path (`headerOnly`) the token is taken from the Authorization header only: a request with an
 * `access_token` parameter is refused with 401, as the announcement says. An Inactive application's
 * requests answer 403 (not counted against the limits).
 */

/** Where the simulator serves the API at its 2027 address (https://api-v3.strava.com). */
export const API_2027_PREFIX = '/api-v3';

export interface ApiRouteOptions {
  /** Refuse the `access_token` query parameter (the 2027 API). */
  headerOnly: boolean;
}

const DEFAULT_PER_PAGE = 30;
const MAX_PER_PAGE = 200;

/** The token that authenticated each request, for the handlers and the request log. */
export const authenticatedToken = new WeakMap<FastifyRequest, AccessToken>();

function tokenOf(request: FastifyRequest): AccessToken {
  const token = authenticatedToken.get(request);
  if (!token) throw invalidAccessToken();
  return token;
}

const hasScope = (token: AccessToken, ...scopes: string[]) => scopes.some((scope) => (token.scopes as readonly string[]).includes(scope));

function requireActivityRead(token: AccessToken): void {
  if (!hasScope(token, 'activity:read', 'activity:read_all')) throw missingPermission('activity:read_permission');
}

/** The bearer token from the Authorization header (or the legacy `access_token` parameter). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (match) return match[1];
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.access_token === 'string' ? query.access_token : undefined;
}

export async function registerApiRoutes(app: FastifyInstance, sim: StravaSimulator, options: ApiRouteOptions): Promise<void> {
  app.addHook('preHandler', async (request, reply) => {
    if (options.headerOnly && 'access_token' in ((request.query ?? {}) as Record<string, unknown>)) throw tokenInQuery();
    const token = sim.tokens.authenticate(bearerToken(request) ?? '');
    if (!token) throw invalidAccessToken();
    authenticatedToken.set(request, token);
    if (sim.clients.get(token.clientId)?.inactive) throw applicationInactive();
    const decision = sim.rateLimiter.take(token.clientId, request.method === 'GET');
    reply.headers(decision.headers);
    if (!decision.allowed) throw rateLimitExceeded();
  });

  /** The athlete's own activity; others' and "only me" ones without read_all do not exist here. */
  function ownActivity(request: FastifyRequest): ActivityRecord {
    const token = tokenOf(request);
    requireActivityRead(token);
    const record = sim.athletes.activity(idParam(request, 'Activity'));
    const visible =
      record &&
      record.athleteId === token.athleteId &&
      sim.athletes.isFinished(record, sim.nowS()) &&
      (record.fields.visibility !== 'only_me' || hasScope(token, 'activity:read_all'));
    if (!visible) throw notFound('Activity');
    return record;
  }

  app.get('/athlete', async (request) => {
    const token = tokenOf(request);
    const athlete = sim.requireAthlete(token.athleteId);
    // Strava gives the detailed representation only to tokens with profile:read_all.
    if (!hasScope(token, 'profile:read_all')) return summaryAthleteJson(athlete, sim.nowS());
    return detailedAthleteJson(athlete, sim.athletes.gearOf(athlete), sim.nowS());
  });

  app.get('/athlete/zones', async (request) => {
    const token = tokenOf(request);
    if (!hasScope(token, 'profile:read_all')) throw missingPermission('profile:read_permission');
    return zonesJson(sim.requireAthlete(token.athleteId));
  });

  app.get('/athletes/:id/stats', async (request) => {
    const token = tokenOf(request);
    if (idParam(request, 'Athlete') !== token.athleteId) throw notFound('Athlete');
    const athlete = sim.requireAthlete(token.athleteId);
    const everyone = sim.athletes.finishedActivities(athlete, false).filter((record) => record.fields.visibility === 'everyone');
    if (everyone.some((record) => record.plan.sport === 'Run')) sim.athletes.ensurePersonalRecords(athlete);
    return athleteStatsJson(
      everyone.map((record) => ({ record, stats: sim.athletes.statsOf(record) })),
      sim.nowS(),
    );
  });

  app.get('/athlete/activities', async (request) => {
    const token = tokenOf(request);
    requireActivityRead(token);
    const params = requestParams(request);
    const before = integerParam(params, 'before');
    const after = integerParam(params, 'after');
    const page = Math.max(1, integerParam(params, 'page') ?? 1);
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, integerParam(params, 'per_page') ?? DEFAULT_PER_PAGE));
    const athlete = sim.requireAthlete(token.athleteId);
    const matching = sim.athletes
      .finishedActivities(athlete, hasScope(token, 'activity:read_all'))
      .filter((record) => (before === undefined || record.plan.startS < before) && (after === undefined || record.plan.startS > after));
    // Newest first, except that Strava lists oldest first when `after` is given, so that paging
    // forward from a point in time walks towards the present.
    const ordered = after === undefined ? matching.reverse() : matching;
    const summaries = [];
    for (const record of ordered.slice((page - 1) * perPage, page * perPage)) {
      summaries.push(sim.summaryJson(record));
      // A summary is worked out from generated streams the first time: a page of 200 is seconds of
      // CPU, so other requests (in demo mode, Kairo's own) get their turn between activities.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return summaries;
  });

  app.get('/activities/:id', async (request) => sim.detailedJson(ownActivity(request)));

  app.get('/activities/:id/laps', async (request) => {
    const record = ownActivity(request);
    return lapsJson(record, sim.athletes.streamsOf(record));
  });

  app.get('/activities/:id/streams', async (request) => {
    const record = ownActivity(request);
    const params = requestParams(request);
    const keys = (params.keys ?? '').split(',').map((key) => key.trim()).filter(Boolean);
    return streamsJson(sim.athletes.streamsOf(record), keys, booleanParam(params, 'key_by_type') ?? false);
  });

  app.put('/activities/:id', async (request) => {
    const token = tokenOf(request);
    if (!hasScope(token, 'activity:write')) throw missingPermission('activity:write_permission');
    const record = ownActivity(request);
    sim.updateActivity(record, parseActivityChanges(requestParams(request)));
    return sim.detailedJson(record);
  });
}

/** UpdatableActivity: name, sport_type (or the legacy type), description, commute, trainer, hide_from_home, gear_id. */
function parseActivityChanges(params: Record<string, string | undefined>): ActivityChanges {
  const changes: ActivityChanges = {};
  if (params.name !== undefined) {
    if (params.name.trim() === '') throw badRequest('Activity', 'name', 'invalid');
    changes.name = params.name;
  }
  const sportType = params.sport_type ?? params.type;
  if (sportType !== undefined) {
    if (!(sportType in SPORT_TYPES)) throw badRequest('Activity', params.sport_type === undefined ? 'type' : 'sport_type', 'invalid');
    changes.sportType = sportType;
  }
  if (params.description !== undefined) changes.description = params.description;
  const commute = booleanParam(params, 'commute');
  if (commute !== undefined) changes.commute = commute;
  const trainer = booleanParam(params, 'trainer');
  if (trainer !== undefined) changes.trainer = trainer;
  const hideFromHome = booleanParam(params, 'hide_from_home');
  if (hideFromHome !== undefined) changes.hideFromHome = hideFromHome;
  if (params.gear_id !== undefined) changes.gearId = params.gear_id === 'none' || params.gear_id === '' ? null : params.gear_id;
  return changes;
}
