import { randomBytes } from 'node:crypto';
import { AppError } from '../../http/errors.ts';
import type { EventBus } from '../../events/bus.ts';
import { stravaConnected } from '../../events/domain-events.ts';
import type { TokenCipher } from '../../security/token-cipher.ts';
import type { ActivitiesService } from '../activities/index.ts';
import { STRAVA_PAUSE_MESSAGES, type StravaAppPause } from './app-pause.ts';
import {
  StravaAppInactive,
  StravaAppPaused,
  StravaRateLimited,
  StravaRequestFailed,
  StravaUnauthorized,
  StravaUnavailable,
  type StravaClient,
  type StravaTokenAnswer,
} from './client.ts';
import type { StravaConnectionRow, StravaRepo } from './repo.ts';
import { stravaWeightKg } from './mapping.ts';

/**
 * Scopes Kairo asks for: profile (the full one carries weight, FTP and heart-rate zones for the
 * coaching profile), all activities (private too), and writing descriptions.
 */
export const STRAVA_SCOPES = 'read,profile:read_all,activity:read_all,activity:write';
/** Refresh this long before Strava's 6-hour expiry, so no request goes out with a dying token. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export interface StravaSetup {
  /** Where Strava's OAuth pages (or the bundled simulator's) live, e.g. https://www.strava.com. */
  baseUrl: () => string;
  /** Where Strava's API lives, e.g. https://www.strava.com/api/v3 (STRAVA_API_URL; ADR 0067). */
  apiUrl: () => string;
  clientId: string;
  /** Demo mode: the bundled simulator; each account gets its own simulated athlete. */
  demo: boolean;
  /** Extra authorize parameters (demo mode names the account's simulated athlete). */
  authorizeParams?: (accountId: string | null) => Promise<Record<string, string>>;
}

/** The texts of update-description's refusals (the web shows its own toast, the API client reads these). */
export const DESCRIPTION_ERRORS = {
  notFromStrava: 'This activity was not imported from Strava, so its description cannot be updated there.',
  reconnect: 'Your Strava connection needs to be renewed. Reconnect Strava, then try again.',
  writeScope: "Kairo may not write to your Strava activities. Reconnect Strava and allow 'Upload your activities' so Kairo can update descriptions.",
  goneAtStrava: 'This activity no longer exists on Strava.',
  refused: 'Strava did not accept the new description. Please try again.',
  unavailable: 'Strava is not answering right now. Please try again in a few minutes.',
} as const;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STRAVA_ID_PATTERN = /^\d{1,20}$/;

/** The shared section goes under what the athlete already wrote, separated by a blank line. */
function appendToDescription(existing: string | null | undefined, addition: string): string {
  const before = existing?.trimEnd() ?? '';
  return before ? `${before}\n\n${addition}` : addition;
}

export class StravaConnectionBroken extends Error {
  override name = 'StravaConnectionBroken';
}

class SealedWithAnotherKey extends Error {
  override name = 'SealedWithAnotherKey';
}

const UNOPENABLE_TOKENS = "The stored Strava tokens cannot be opened with this installation's key; the athlete must reconnect";

export interface StravaConnectionStatus {
  connected: boolean;
  status: 'connected' | 'broken' | null;
  athleteName: string | null;
  profilePhoto: string | null;
  demo: boolean;
  backfillDone: boolean;
  lastSyncAt: string | null;
  history: { activities: number; detailed: number } | null;
  stravaDataToAi: boolean;
  syncPaused: { cause: 'app_inactive'; message: string } | null;
}

/** The athlete as Strava knows them (spec §3 "Athlete profile from the tracking service"); zero or less is unset. */
export interface StravaAthlete {
  stravaId: string;
  name: string | null;
  weightKg: number | null;
  ftpW: number | null;
  /** Heart-rate zones, lowest first; an open bound is null. Null without the profile:read_all scope. */
  zones: { min: number | null; max: number | null }[] | null;
}

interface StravaAthleteJson {
  firstname?: string | null;
  lastname?: string | null;
  weight?: number | null;
  ftp?: number | null;
}

interface StravaZonesJson {
  heart_rate?: { zones?: { min: number; max: number }[] } | null;
}

export interface StravaRuntime extends StravaSetup {
  clientSecret: string;
  /** Replaces the network for API calls (demo mode answers in-process). */
  fetch?: typeof fetch;
}

const positiveOrNull = (value: number | null | undefined): number | null => (value != null && value > 0 ? value : null);

export function createStravaService(deps: {
  setup: StravaSetup;
  client: StravaClient;
  repo: StravaRepo;
  cipher: TokenCipher;
  activities: ActivitiesService;
  publicUrl: () => string;
  events: EventBus;
  dataPolicy: 'strict' | 'relaxed';
  pause: StravaAppPause;
}) {
  const { setup, client, repo, cipher } = deps;
  const refreshing = new Map<string, Promise<string>>();

  async function storeTokens(accountId: string, answer: StravaTokenAnswer) {
    await repo.updateTokens(accountId, {
      accessToken: cipher.encrypt(answer.access_token),
      refreshToken: cipher.encrypt(answer.refresh_token),
      expiresAt: new Date(answer.expires_at * 1000),
    });
  }

  /**
   * A token this installation cannot open was sealed with another key (a backup restored into a
   * fresh data folder): the connection is marked for reconnection rather than failing forever.
   */
  async function openToken(connection: StravaConnectionRow, sealed: string): Promise<string> {
    try {
      return cipher.decrypt(sealed);
    } catch {
      await repo.markBroken(connection.accountId);
      throw new StravaConnectionBroken(UNOPENABLE_TOKENS);
    }
  }

  function openSealed(sealed: string): string {
    try {
      return cipher.decrypt(sealed);
    } catch (error) {
      throw new SealedWithAnotherKey('a stored Strava token cannot be opened', { cause: error });
    }
  }

  /**
   * One refresh at a time per account, in this process and across instances: Strava rotates refresh
   * tokens, so a second refresh would present a spent one and break the connection. Under the
   * connection row's lock the tokens are read again: when another instance refreshed meanwhile
   * (the stored token is fresh and not the one Strava just refused), its token is the answer.
   */
  function refreshOnce(accountId: string, refusedToken?: string): Promise<string> {
    const running = refreshing.get(accountId);
    if (running) return running;
    const refresh = (async () => {
      try {
        return await repo.withConnectionLocked(accountId, async (connection, store) => {
          if (!connection) throw new StravaConnectionBroken('Strava is not connected');
          if (connection.status === 'broken') throw new StravaConnectionBroken('The Strava connection needs to be renewed');
          const current = openSealed(connection.accessToken);
          if (connection.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS && current !== refusedToken) return current;
          const answer = await client.refresh(openSealed(connection.refreshToken));
          await store({
            accessToken: cipher.encrypt(answer.access_token),
            refreshToken: cipher.encrypt(answer.refresh_token),
            expiresAt: new Date(answer.expires_at * 1000),
          });
          return answer.access_token;
        });
      } catch (error) {
        // Marked after the lock is let go: the row is what the lock holds.
        if (error instanceof SealedWithAnotherKey) {
          await repo.markBroken(accountId);
          throw new StravaConnectionBroken(UNOPENABLE_TOKENS);
        }
        if (error instanceof StravaUnauthorized) {
          await repo.markBroken(accountId);
          throw new StravaConnectionBroken('Strava refused the refresh token; the athlete must reconnect');
        }
        throw error;
      } finally {
        refreshing.delete(accountId);
      }
    })();
    refreshing.set(accountId, refresh);
    return refresh;
  }

  async function connectionOf(accountId: string): Promise<StravaConnectionRow> {
    const connection = await repo.find(accountId);
    if (!connection) throw new StravaConnectionBroken('Strava is not connected');
    if (connection.status === 'broken') throw new StravaConnectionBroken('The Strava connection needs to be renewed');
    return connection;
  }

  /** Runs `call` with a valid access token, refreshing before expiry and once more on a 401. */
  async function withAccessToken<T>(accountId: string, call: (accessToken: string) => Promise<T>): Promise<T> {
    const connection = await connectionOf(accountId);
    const fresh = connection.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS;
    const token = fresh ? await openToken(connection, connection.accessToken) : await refreshOnce(accountId);
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof StravaUnauthorized)) throw error;
      return call(await refreshOnce(accountId, token));
    }
  }

  return {
    setup,

    /** The address that starts Strava's consent; `state` binds the answer to this browser. */
    async authorizeUrl(accountId: string | null): Promise<{ url: string; state: string }> {
      const state = randomBytes(24).toString('base64url');
      const url = new URL(`${setup.baseUrl()}/oauth/authorize`);
      url.searchParams.set('client_id', setup.clientId);
      url.searchParams.set('redirect_uri', `${deps.publicUrl()}/api/auth/strava/callback`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('approval_prompt', 'auto');
      url.searchParams.set('scope', STRAVA_SCOPES);
      url.searchParams.set('state', state);
      for (const [key, value] of Object.entries((await setup.authorizeParams?.(accountId)) ?? {})) {
        url.searchParams.set(key, value);
      }
      return { url: url.href, state };
    },

    /** Exchanges the code and links the athlete to the account (one account per athlete). */
    async completeConnection(accountId: string, code: string, grantedScope: string): Promise<void> {
      const answer = await client.exchangeCode(code);
      const athlete = answer.athlete;
      if (!athlete) throw new AppError('bad_request', 'Strava did not say which athlete connected');
      const stravaId = String(athlete.id);
      const owner = await repo.findByAthlete(stravaId);
      if (owner && owner.accountId !== accountId) {
        throw new AppError('conflict', 'This Strava athlete is already connected to another Kairo account.');
      }
      await repo.save({
        accountId,
        stravaId,
        accessToken: cipher.encrypt(answer.access_token),
        refreshToken: cipher.encrypt(answer.refresh_token),
        expiresAt: new Date(answer.expires_at * 1000),
        scope: grantedScope,
        name: [athlete.firstname, athlete.lastname].filter(Boolean).join(' ') || null,
        profilePhoto: athlete.profile_medium ?? athlete.profile ?? null,
        demo: setup.demo,
        backfillDone: false,
        backfillBefore: null,
        historyScored: false,
      });
      await deps.events.publish(stravaConnected, { accountId });
    },

    /**
     * "Sign in with Strava" for a signed-out browser: the athlete's linked account, with its tokens
     * renewed; null when the athlete is not linked to any account yet.
     */
    async accountForAthleteCode(code: string): Promise<string | null> {
      const answer = await client.exchangeCode(code);
      const connection = answer.athlete ? await repo.findByAthlete(String(answer.athlete.id)) : undefined;
      if (!connection) return null;
      await storeTokens(connection.accountId, answer);
      if (connection.status === 'broken') await repo.markConnected(connection.accountId);
      return connection.accountId;
    },

    withAccessToken,

    /**
     * Name, weight, FTP and heart-rate zones from Strava; null when not connected. Weight, FTP and
     * zones need the profile:read_all scope (connections made before Kairo asked for it lack them).
     */
    async athlete(accountId: string): Promise<StravaAthlete | null> {
      const connection = await repo.find(accountId);
      if (connection?.status !== 'connected') return null;
      const fullProfile = connection.scope.split(',').includes('profile:read_all');
      return this.withAccessToken(accountId, async (accessToken) => {
        const athlete = await client.get<StravaAthleteJson>(accessToken, '/athlete');
        const zones = fullProfile ? await client.get<StravaZonesJson>(accessToken, '/athlete/zones') : null;
        const name = [athlete.firstname, athlete.lastname].filter((part) => part && part.trim()).join(' ');
        return {
          stravaId: connection.stravaId,
          name: name || connection.name,
          weightKg: stravaWeightKg(athlete.weight),
          ftpW: positiveOrNull(athlete.ftp),
          // Strava writes an open bound as -1.
          zones: zones?.heart_rate?.zones?.map((zone) => ({ min: positiveOrNull(zone.min), max: positiveOrNull(zone.max) })) ?? null,
        };
      });
    },

    /** Subscribes the app to Strava's webhooks at this callback, unless it already is. */
    async ensureWebhookSubscription(callbackUrl: string, verifyToken: string): Promise<void> {
      const existing = await client.pushSubscriptions();
      if (existing.some((subscription) => subscription.callback_url === callbackUrl)) return;
      await client.createPushSubscription(callbackUrl, verifyToken);
    },

    async status(accountId: string): Promise<StravaConnectionStatus> {
      const connection = await repo.find(accountId);
      return {
        connected: connection?.status === 'connected',
        status: connection?.status ?? null,
        athleteName: connection?.name ?? null,
        profilePhoto: connection?.profilePhoto ?? null,
        demo: connection?.demo ?? false,
        backfillDone: connection?.backfillDone ?? false,
        lastSyncAt: connection?.lastSyncAt?.toISOString() ?? null,
        history: connection && connection.status === 'connected' && !connection.historyScored ? await repo.historyProgress(accountId) : null,
        stravaDataToAi: deps.dataPolicy === 'relaxed',
        syncPaused: await this.syncPaused(),
      };
    },

    /** Strava's app-wide refusal in force, as the athlete should read it (ADR 0067); null while syncing runs. */
    async syncPaused(): Promise<{ cause: 'app_inactive'; message: string } | null> {
      const pause = await deps.pause.current();
      return pause ? { cause: pause.cause, message: STRAVA_PAUSE_MESSAGES[pause.cause] } : null;
    },

    async connection(accountId: string) {
      return repo.find(accountId);
    },

    /** Revokes the grant at Strava (best effort) and deletes every Strava-sourced row of the account. */
    async disconnect(accountId: string): Promise<void> {
      const connection = await repo.find(accountId);
      if (!connection) throw new AppError('not_found', 'Strava is not connected');
      try {
        await client.revoke(cipher.decrypt(connection.refreshToken));
      } catch {
        // Strava may already have revoked the token; our side is cleaned up either way.
      }
      await deleteStravaData(accountId);
    },

    /**
     * Ends Kairo's grant at Strava and nothing else (deleting the account deletes the rows, ADR
     * 0075): false without a connection; throws when Strava did not confirm it.
     */
    async revokeGrant(accountId: string): Promise<boolean> {
      const connection = await repo.find(accountId);
      if (!connection) return false;
      await client.revoke(cipher.decrypt(connection.refreshToken));
      return true;
    },

    /** Strava told us the athlete revoked access: forget them. */
    async athleteDeauthorized(stravaId: string): Promise<void> {
      const connection = await repo.findByAthlete(stravaId);
      if (connection) await deleteStravaData(connection.accountId);
    },

    /**
     * Adds `text` under the Strava description of one of the account's activities: reads the
     * current description at Strava (the athlete may have edited it there) and writes both back.
     * `activityRef` is the Strava activity id (spec §7) or Kairo's own id; both name one activity.
     */
    async appendToActivityDescription(accountId: string, activityRef: string, text: string): Promise<void> {
      const { activities } = deps;
      const activity = STRAVA_ID_PATTERN.test(activityRef)
        ? await activities.findByStravaActivityId(accountId, activityRef)
        : UUID_PATTERN.test(activityRef)
          ? await activities.find(accountId, activityRef)
          : undefined;
      if (!activity) throw new AppError('not_found', 'Activity not found');
      const stravaActivityId = activity.stravaActivityId;
      if (!stravaActivityId || (activity.source !== 'strava' && activity.source !== 'demo')) {
        throw new AppError('bad_request', DESCRIPTION_ERRORS.notFromStrava);
      }
      const connection = await repo.find(accountId);
      if (!connection || connection.status === 'broken') throw new AppError('bad_request', DESCRIPTION_ERRORS.reconnect);
      if (!connection.scope.split(/[\s,]+/).includes('activity:write')) throw new AppError('forbidden', DESCRIPTION_ERRORS.writeScope);
      const path = `/activities/${stravaActivityId}`;
      try {
        const updated = await withAccessToken(accountId, async (token) => {
          const current = await client.get<{ description?: string | null }>(token, path);
          return client.put<{ description?: string | null }>(token, path, { description: appendToDescription(current.description, text) });
        });
        await activities.update(accountId, activity.id, { description: updated.description ?? null });
      } catch (error) {
        throw descriptionFailure(error);
      }
    },

    /** False when this webhook event was seen before (Strava delivers at least once). */
    rememberWebhookEvent: repo.rememberWebhookEvent,
  };

  async function deleteStravaData(accountId: string) {
    await deps.activities.removeBySources(accountId, ['strava', 'demo']);
    await repo.remove(accountId);
  }
}

/** Strava's answers to a description update, as the athlete should read them. */
function descriptionFailure(error: unknown): unknown {
  if (error instanceof StravaAppPaused || error instanceof StravaAppInactive) {
    return new AppError('unavailable', STRAVA_PAUSE_MESSAGES.app_inactive, { cause: error });
  }
  if (error instanceof StravaConnectionBroken) return new AppError('bad_request', DESCRIPTION_ERRORS.reconnect, { cause: error });
  // A fresh token refused again: the grant lacks the write scope Strava checks on PUT.
  if (error instanceof StravaUnauthorized) return new AppError('forbidden', DESCRIPTION_ERRORS.writeScope, { cause: error });
  if (error instanceof StravaRequestFailed) {
    return error.status === 404
      ? new AppError('not_found', DESCRIPTION_ERRORS.goneAtStrava, { cause: error })
      : new AppError('bad_request', DESCRIPTION_ERRORS.refused, { cause: error });
  }
  if (error instanceof StravaRateLimited) {
    const waitS = Math.max(1, Math.ceil((error.retryAtMs - Date.now()) / 1000));
    const minutes = Math.ceil(waitS / 60);
    return new AppError('too_many_requests', `Strava's request limit is reached. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      retryAfterS: waitS,
      cause: error,
    });
  }
  if (error instanceof StravaUnavailable) return new AppError('unavailable', DESCRIPTION_ERRORS.unavailable, { cause: error });
  return error;
}

export type StravaService = ReturnType<typeof createStravaService>;
