import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_TOKEN_REQUESTS_PER_MINUTE, apiTokenScopes } from '../../shared/api/api-tokens.ts';
import { documentedRoutes, type DocumentedRoute } from './route.ts';

/** The query string's fields as OpenAPI parameters: each property of the query's object schema, with its own schema. */
function queryParameters(json: Record<string, unknown>): Record<string, unknown>[] {
  const properties = (json.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: 'query', required: required.has(name), schema: rest, ...(typeof description === 'string' ? { description } : {}) };
  });
}

/** OpenAPI 3.1 document generated from the same zod contracts that parse the requests. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schema = (type: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(type, { io, unrepresentable: 'any' });
  for (const r of documentedRoutes) {
    const path = r.url.replace(/:(\w+)/g, '{$1}');
    const parameters = [
      ...[...r.url.matchAll(/:(\w+)/g)].map((m) => ({
        name: m[1],
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      ...(r.query ? queryParameters(schema(r.query, 'input')) : []),
    ];
    const operation: Record<string, unknown> = {
      summary: r.summary,
      tags: r.tags,
      ...(parameters.length ? { parameters } : {}),
      ...(r.auth === 'required' || r.scope !== 'public' ? { security: securityOf(r) } : {}),
      'x-kairo-token-scope': r.scope,
      description: scopeText(r),
      ...(r.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schema(r.body, 'input') } } } }
        : {}),
      responses: {
        [String(r.status)]: {
          description: 'Success',
          ...(r.response ? { content: { 'application/json': { schema: schema(r.response, 'output') } } } : {}),
        },
        default: {
          description: 'Error',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
            },
          },
        },
      },
    };
    paths[path] = { ...paths[path], [r.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Kairo API', version: '1' },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'kairo_session', description: 'The web app’s signed-in session.' },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'kairo_pat_…',
          description:
            'A personal access token made under Settings → API access. Each operation names the scope it needs (x-kairo-token-scope): ' +
            `${apiTokenScopes.join(', ')}; "session-only" operations refuse tokens. Wrong, expired or revoked token: 401; missing scope: 403; ` +
            `more than ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute per token: 429 with Retry-After.`,
        },
      },
    },
    paths,
  };
}

/** Who may call a route: the session, and a token with the route's scope unless it is session-only. */
function securityOf(route: DocumentedRoute): Record<string, string[]>[] {
  const callers: Record<string, string[]>[] = [{ session: [] }];
  if (route.scope !== 'session-only' && route.scope !== 'public') callers.push({ bearer: [route.scope] });
  // An empty requirement: the route answers without either.
  if (route.auth === 'optional') callers.push({});
  return callers;
}

function scopeText(route: DocumentedRoute): string {
  switch (route.scope) {
    case 'session-only':
      return 'Signed-in browser session only: API tokens are refused (403).';
    case 'public':
      return 'No account needed.';
    default:
      return `API token scope: ${route.scope}.`;
  }
}

export function registerOpenApiRoute(app: FastifyInstance): void {
  let cached: Record<string, unknown> | undefined;
  app.get('/api/openapi.json', async () => (cached ??= buildOpenApiDocument()));
}
