/**
 * Personal access tokens (issue 31, ADR 0074): the settings screen's "API access", the bearer
 * authentication every /api route shares. What each route lets a token do is declared in
 * src/server/http/route-scopes.ts.
 */
export { registerApiTokenRoutes } from './routes.ts';
export { createApiTokens, type ApiTokensService } from './service.ts';
