import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentedRoutes } from './route.ts';

/** OpenAPI 3.1 document generated from the same zod contracts that parse the requests. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schema = (type: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(type, { io, unrepresentable: 'any' });
  for (const r of documentedRoutes) {
    const path = r.url.replace(/:(\w+)/g, '{$1}');
    const parameters = [...r.url.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const operation: Record<string, unknown> = {
      summary: r.summary,
      tags: r.tags,
      ...(parameters.length ? { parameters } : {}),
      ...(r.auth === 'required' ? { security: [{ session: [] }] } : {}),
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
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'kairo_session' } } },
    paths,
  };
}

export function registerOpenApiRoute(app: FastifyInstance): void {
  let cached: Record<string, unknown> | undefined;
  app.get('/api/openapi.json', async () => (cached ??= buildOpenApiDocument()));
}
