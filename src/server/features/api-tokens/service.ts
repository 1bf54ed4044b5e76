import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  API_TOKEN_REQUESTS_PER_MINUTE,
  API_TOKENS_PER_ACCOUNT,
  type createApiTokenBody,
  type ApiTokenList,
  type ApiTokenSummary,
  type CreatedApiToken,
} from '../../../shared/api/api-tokens.ts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { accounts, apiTokens } from '../../db/schema.ts';
import type { BearerAuthenticator, ResolvedApiToken } from '../../http/bearer.ts';
import { AppError } from '../../http/errors.ts';
import type { Throttles } from '../../http/rate-limit.ts';
import { sessionAccountColumns } from '../../http/sessions.ts';
import { apiTokenHash, apiTokenHint, isApiTokenShaped, newApiToken } from './token.ts';

/** `last_used_at` is written at most this often per token, so a burst of reads costs no writes. */
const LAST_USE_PRECISION_MS = 60_000;

export const INVALID_TOKEN_MESSAGE = 'This API token is not valid: it is wrong or was revoked';
export const TOO_MANY_TOKENS_MESSAGE = `An account has at most ${API_TOKENS_PER_ACCOUNT} API tokens: revoke one first`;
export const TOKEN_NOT_FOUND_MESSAGE = 'API token not found';

export interface ApiTokensService extends BearerAuthenticator {
  list(accountId: string): Promise<ApiTokenList>;
  create(accountId: string, body: z.output<typeof createApiTokenBody>): Promise<CreatedApiToken>;
  revoke(accountId: string, tokenId: string): Promise<void>;
}

type TokenRow = typeof apiTokens.$inferSelect;

export function createApiTokens(deps: {
  database: Database;
  throttles: Throttles;
  /** The clock that decides expiry (tests inject theirs). */
  now?: () => Date;
  requestsPerMinute?: number;
}): ApiTokensService {
  const db = deps.database;
  const now = deps.now ?? (() => new Date());
  const limit = deps.requestsPerMinute ?? API_TOKEN_REQUESTS_PER_MINUTE;
  const throttle = deps.throttles.throttle('api-token', { limit, windowMs: 60_000 });

  const summaryOf = (row: TokenRow, at: Date): ApiTokenSummary => ({
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= at.getTime(),
  });

  return {
    async list(accountId) {
      const rows = await db.select().from(apiTokens).where(eq(apiTokens.accountId, accountId)).orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
      const at = now();
      return { tokens: rows.map((row) => summaryOf(row, at)), limit: API_TOKENS_PER_ACCOUNT };
    },

    async create(accountId, body) {
      const at = now();
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= at.getTime()) throw new AppError('bad_request', 'The expiry must be in the future');
      const token = newApiToken();
      const row = await db.transaction(async (tx) => {
        // The account's row is the lock two simultaneous requests queue on, so neither makes an 11th token.
        await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
        const [held] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.accountId, accountId));
        if ((held?.n ?? 0) >= API_TOKENS_PER_ACCOUNT) throw new AppError('conflict', TOO_MANY_TOKENS_MESSAGE);
        const [inserted] = await tx
          .insert(apiTokens)
          .values({ accountId, name: body.name, scopes: body.scopes, tokenHash: apiTokenHash(token), hint: apiTokenHint(token), expiresAt })
          .returning();
        return inserted!;
      });
      return { token, summary: summaryOf(row, at) };
    },

    async revoke(accountId, tokenId) {
      const removed = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.accountId, accountId)))
        .returning({ id: apiTokens.id });
      if (removed.length === 0) throw new AppError('not_found', TOKEN_NOT_FOUND_MESSAGE);
      // Nothing to forget elsewhere: tokens are looked up on every request, never cached.
      await throttle.reset(tokenId);
    },

    async authenticate(token): Promise<ResolvedApiToken> {
      if (!isApiTokenShaped(token)) throw new AppError('unauthenticated', INVALID_TOKEN_MESSAGE);
      const [row] = await db
        .select({ id: apiTokens.id, scopes: apiTokens.scopes, expiresAt: apiTokens.expiresAt, lastUsedAt: apiTokens.lastUsedAt, account: sessionAccountColumns })
        .from(apiTokens)
        .innerJoin(accounts, eq(accounts.id, apiTokens.accountId))
        .where(eq(apiTokens.tokenHash, apiTokenHash(token)))
        .limit(1);
      if (!row) throw new AppError('unauthenticated', INVALID_TOKEN_MESSAGE);
      const at = now();
      if (row.expiresAt && row.expiresAt.getTime() <= at.getTime()) {
        throw new AppError('unauthenticated', `This API token expired on ${row.expiresAt.toISOString()}`);
      }
      await throttle.enforce(row.id, `Too many requests with this API token: at most ${limit} a minute`);
      if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() >= LAST_USE_PRECISION_MS) {
        await db
          .update(apiTokens)
          .set({ lastUsedAt: at })
          .where(and(eq(apiTokens.id, row.id), sql`(${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < ${at})`));
      }
      return { id: row.id, scopes: row.scopes, account: row.account };
    },
  };
}
