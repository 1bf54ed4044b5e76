import { z } from 'zod';

/**
 * Personal access tokens (issue 31, docs/decisions/0074-personal-access-tokens.md): an athlete's own
 * scripts call the API with `Authorization: Bearer kairo_pat_…`. A token is shown once, when made;
 * the server keeps only its SHA-256.
 */

/**
 * What a token may do. `read`: every GET of the athlete's data (activities, metrics, fitness, power
 * curves, analyses, plans, wellness, the day plan). `write:wellness`: check-ins, an activity's feel
 * and the wellness CSV import. `write:plans`: create, regenerate and switch plans, and answer Kai's
 * proposals (accept, decline, undo).
 */
export const apiTokenScopes = ['read', 'write:wellness', 'write:plans'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

/** The words the settings screen shows beside each scope. */
export const apiTokenScopeDescriptions: Record<ApiTokenScope, string> = {
  read: 'Read activities, metrics, fitness, power curves, analyses, plans, wellness and the day plan',
  'write:wellness': 'Save check-ins and activity feel, import wellness CSV',
  'write:plans': 'Create and switch plans, accept, decline or undo Kai’s proposals',
};

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'kairo_pat_';
export const API_TOKEN_NAME_MAX_CHARS = 60;
export const API_TOKENS_PER_ACCOUNT = 10;
/** Requests one token may make in a minute, on every instance together (the throttles live in the database). */
export const API_TOKEN_REQUESTS_PER_MINUTE = 120;

const scopeList = apiTokenScopes.join(', ');

export const createApiTokenBody = z.strictObject({
  name: z
    .string({ error: 'Give the token a name' })
    .trim()
    .min(1, 'Give the token a name')
    .max(API_TOKEN_NAME_MAX_CHARS, `A token name is at most ${API_TOKEN_NAME_MAX_CHARS} characters`),
  scopes: z
    .array(
      z.enum(apiTokenScopes, {
        error: (issue) => `Unknown scope ${JSON.stringify(issue.input)}: a scope is one of ${scopeList}`,
      }),
      { error: `scopes is a list of ${scopeList}` },
    )
    .min(1, 'Choose at least one scope')
    .max(apiTokenScopes.length * 4, `scopes is a list of ${scopeList}`)
    // Kept in the declared order, each once.
    .transform((scopes) => apiTokenScopes.filter((scope) => scopes.includes(scope))),
  /** When the token stops working (ISO date-time, in the future); null or absent: never. */
  expiresAt: z.iso.datetime({ offset: true, error: 'expiresAt must be an ISO date-time, or null for no expiry' }).nullish(),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

export const apiTokenSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(apiTokenScopes)),
  /** The token's first characters (`kairo_pat_` and four more), to tell tokens apart; never enough to use. */
  hint: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  /** Null until the token was first used. */
  lastUsedAt: z.iso.datetime().nullable(),
  expired: z.boolean(),
});
export type ApiTokenSummary = z.infer<typeof apiTokenSummary>;

export const apiTokenList = z.object({
  tokens: z.array(apiTokenSummary),
  limit: z.number().int(),
});
export type ApiTokenList = z.infer<typeof apiTokenList>;

/** The answer to creating a token: the only time `token` is ever sent. */
export const createdApiToken = z.object({
  token: z.string(),
  summary: apiTokenSummary,
});
export type CreatedApiToken = z.infer<typeof createdApiToken>;
