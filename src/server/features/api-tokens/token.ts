import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '../../../shared/api/api-tokens.ts';

/**
 * The token format (ADR 0074): `kairo_pat_` and 43 base64url characters, 256 random bits. The
 * prefix makes a leaked token recognisable; the randomness makes a plain SHA-256 as safe to keep
 * as a slow password hash would be (nothing to guess), and cheap enough for every request.
 */
const TOKEN_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
/** How much of the token the list shows: the prefix and 4 random characters (24 bits, useless to guess with). */
const HINT_CHARS = API_TOKEN_PREFIX.length + 4;

export function newApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function isApiTokenShaped(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function apiTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function apiTokenHint(token: string): string {
  return token.slice(0, HINT_CHARS);
}
