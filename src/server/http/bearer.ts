import type { FastifyRequest } from 'fastify';
import type { ApiTokenScope } from '../../shared/api/api-tokens.ts';
import type { SessionAccount } from './sessions.ts';

/**
 * A request authenticated by a personal access token (ADR 0074) rather than a session cookie. The
 * route layer decides what the token may do there (route-scopes.ts).
 */
export interface ResolvedApiToken {
  id: string;
  scopes: readonly ApiTokenScope[];
  account: SessionAccount;
}

export interface BearerAuthenticator {
  /**
   * The token's owner and scopes; rejects with 401 for a wrong, expired or revoked token and with
   * 429 (Retry-After) when the token is over its rate limit.
   */
  authenticate(token: string): Promise<ResolvedApiToken>;
}

/**
 * The token of an `Authorization: Bearer …` header; undefined when there is no such header. Other
 * schemes are left alone: a proxy in front of Kairo may use Basic authentication of its own.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  if (!match) return undefined;
  return match[1]?.trim() ?? '';
}
