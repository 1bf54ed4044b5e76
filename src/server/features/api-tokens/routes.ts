import type { FastifyInstance } from 'fastify';
import { apiTokenList, createApiTokenBody, createdApiToken } from '../../../shared/api/api-tokens.ts';
import { messageResponse } from '../../../shared/api/auth.ts';
import { pathUuid, route } from '../../http/route.ts';
import { TOKEN_NOT_FOUND_MESSAGE, type ApiTokensService } from './service.ts';

/** The settings screen's "API access": session-only (route-scopes.ts), so a token never manages tokens. */
export function registerApiTokenRoutes(app: FastifyInstance, tokens: ApiTokensService): void {
  const tags = ['api-tokens'];

  route(app, {
    method: 'GET',
    url: '/api/api-tokens',
    summary: "The account's personal access tokens (never the tokens themselves), oldest first, with the most an account may hold",
    tags,
    auth: 'required',
    response: apiTokenList,
    async handler({ account, reply }) {
      reply.header('cache-control', 'no-store');
      return tokens.list(account.id);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/api-tokens',
    summary: 'Makes a personal access token with a name, scopes and an optional expiry; the answer is the only time the token is shown',
    tags,
    auth: 'required',
    body: createApiTokenBody,
    response: createdApiToken,
    status: 201,
    async handler({ account, body, reply }) {
      reply.header('cache-control', 'no-store');
      return tokens.create(account.id, body);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/api-tokens/:id',
    summary: 'Revokes a personal access token: it stops working at once, on every instance',
    tags,
    auth: 'required',
    response: messageResponse,
    async handler({ account, params }) {
      await tokens.revoke(account.id, pathUuid(params, TOKEN_NOT_FOUND_MESSAGE));
      return { message: 'Token revoked' };
    },
  });
}
