import { randomBytes } from 'node:crypto';

export const SCOPES = ['read', 'read_all', 'profile:read_all', 'profile:write', 'activity:read', 'activity:read_all', 'activity:write'] as const;
export type Scope = (typeof SCOPES)[number];

export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);

/** Strava's access tokens live six hours. */
const ACCESS_TOKEN_LIFETIME_S = 6 * 3600;
/** Authorization codes are for immediate exchange. */
const AUTHORIZATION_CODE_LIFETIME_S = 10 * 60;

export interface AccessToken {
  token: string;
  clientId: string;
  athleteId: number;
  scopes: readonly Scope[];
  expiresAtS: number;
}

export interface IssuedTokens {
  accessToken: AccessToken;
  refreshToken: string;
}

interface AuthorizationCode {
  clientId: string;
  athleteId: number;
  scopes: readonly Scope[];
  expiresAtS: number;
}

interface RefreshToken {
  clientId: string;
  athleteId: number;
  scopes: readonly Scope[];
}

const newToken = () => randomBytes(20).toString('hex');
const grantKey = (clientId: string, athleteId: number) => `${clientId}:${athleteId}`;

/**
 * Authorization codes, access and refresh tokens, and the grants behind them (which athlete
 * authorised which application with which scopes).
 *
 * Refresh tokens rotate strictly: each refresh returns a new access token and a new refresh token
 * and the refresh token used becomes invalid at once, so a client that keeps using an old one
 * fails here rather than in production. (Strava is more lenient: it returns the same access
 * token while it has more than an hour left, and an old refresh token may keep working until the
 * new access token is used.) Access tokens issued before a refresh stay valid until they expire,
 * as on Strava.
 */
export class TokenStore {
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly accessTokens = new Map<string, AccessToken>();
  private readonly refreshTokens = new Map<string, RefreshToken>();
  private readonly grants = new Map<string, { clientId: string; athleteId: number; scopes: readonly Scope[] }>();
  private readonly nowS: () => number;

  constructor(nowS: () => number) {
    this.nowS = nowS;
  }

  /**
   * The athlete's consent: returns the one-time code for the redirect. The grant itself is recorded
   * when the code is exchanged, so an exchange the application may not complete (its athlete limit)
   * leaves no grant behind.
   */
  authorize(clientId: string, athleteId: number, scopes: readonly Scope[]): string {
    const code = newToken();
    this.codes.set(code, { clientId, athleteId, scopes, expiresAtS: this.nowS() + AUTHORIZATION_CODE_LIFETIME_S });
    return code;
  }

  /** Exchanges a code (once) for tokens; null for an unknown, used, expired or foreign code. */
  exchangeCode(clientId: string, code: string): IssuedTokens | null {
    const entry = this.codes.get(code);
    this.codes.delete(code);
    if (!entry || entry.clientId !== clientId || entry.expiresAtS <= this.nowS()) return null;
    this.grants.set(grantKey(clientId, entry.athleteId), { clientId, athleteId: entry.athleteId, scopes: entry.scopes });
    return this.issue(entry.clientId, entry.athleteId, entry.scopes);
  }

  /** The athlete a live, unused code was issued to (the code stays usable). */
  codeAthlete(clientId: string, code: string): number | undefined {
    const entry = this.codes.get(code);
    return entry && entry.clientId === clientId && entry.expiresAtS > this.nowS() ? entry.athleteId : undefined;
  }

  /** Throws the code away unused. */
  discardCode(code: string): void {
    this.codes.delete(code);
  }

  /** Whether the athlete has authorised the application (and not revoked it since). */
  hasGrant(clientId: string, athleteId: number): boolean {
    return this.grants.has(grantKey(clientId, athleteId));
  }

  /** How many athletes have authorised the application. */
  athleteCount(clientId: string): number {
    return [...this.grants.values()].filter((grant) => grant.clientId === clientId).length;
  }

  /** The grant behind a refresh token: for /oauth/revoke, which takes either kind of token. */
  refreshTokenOwner(token: string): { clientId: string; athleteId: number } | undefined {
    const entry = this.refreshTokens.get(token);
    return entry ? { clientId: entry.clientId, athleteId: entry.athleteId } : undefined;
  }

  refresh(clientId: string, refreshToken: string): IssuedTokens | null {
    const entry = this.refreshTokens.get(refreshToken);
    if (!entry || entry.clientId !== clientId) return null;
    this.refreshTokens.delete(refreshToken);
    return this.issue(entry.clientId, entry.athleteId, entry.scopes);
  }

  private issue(clientId: string, athleteId: number, scopes: readonly Scope[]): IssuedTokens {
    // Expired tokens only answer 401, which an unknown token does too: drop them as we go.
    for (const [token, entry] of this.accessTokens) {
      if (entry.expiresAtS <= this.nowS()) this.accessTokens.delete(token);
    }
    const accessToken: AccessToken = { token: newToken(), clientId, athleteId, scopes, expiresAtS: this.nowS() + ACCESS_TOKEN_LIFETIME_S };
    this.accessTokens.set(accessToken.token, accessToken);
    const refreshToken = newToken();
    this.refreshTokens.set(refreshToken, { clientId, athleteId, scopes });
    return { accessToken, refreshToken };
  }

  /** The live access token, or null when unknown, expired or revoked. */
  authenticate(token: string): AccessToken | null {
    const entry = this.accessTokens.get(token);
    if (!entry || entry.expiresAtS <= this.nowS()) return null;
    return entry;
  }

  /** The token's owner without checking expiry: for attributing requests in the log. */
  peek(token: string): AccessToken | undefined {
    return this.accessTokens.get(token);
  }

  /** Removes the athlete's grant to the application and every token (and unused code) that came from it. */
  deauthorize(clientId: string, athleteId: number): boolean {
    const existed = this.grants.delete(grantKey(clientId, athleteId));
    for (const [code, entry] of this.codes) {
      if (entry.clientId === clientId && entry.athleteId === athleteId) this.codes.delete(code);
    }
    for (const [token, entry] of this.accessTokens) {
      if (entry.clientId === clientId && entry.athleteId === athleteId) this.accessTokens.delete(token);
    }
    for (const [token, entry] of this.refreshTokens) {
      if (entry.clientId === clientId && entry.athleteId === athleteId) this.refreshTokens.delete(token);
    }
    return existed;
  }

  /** Applications the athlete has authorised, with the scopes granted. */
  grantsOf(athleteId: number): { clientId: string; scopes: readonly Scope[] }[] {
    return [...this.grants.values()].filter((grant) => grant.athleteId === athleteId);
  }

  /** Makes an access token expire now. */
  expireAccessToken(token: string): boolean {
    const entry = this.accessTokens.get(token);
    if (!entry) return false;
    entry.expiresAtS = this.nowS();
    return true;
  }

  /** Makes every live access token of an athlete expire now; returns how many. */
  expireAthleteTokens(athleteId: number): number {
    let count = 0;
    for (const entry of this.accessTokens.values()) {
      if (entry.athleteId === athleteId && entry.expiresAtS > this.nowS()) {
        entry.expiresAtS = this.nowS();
        count += 1;
      }
    }
    return count;
  }

  revokeRefreshToken(token: string): boolean {
    return this.refreshTokens.delete(token);
  }
}
