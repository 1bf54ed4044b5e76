import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedRoutes } from '../../src/server/http/route.ts';
import { declaredRouteKeys } from '../../src/server/http/route-scopes.ts';
import { createClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';

/**
 * Issue 31 / ADR 0074: every JSON route says what a personal access token may do on it, in
 * src/server/http/route-scopes.ts. A new write route missing from that table is refused to tokens
 * and fails here, by name; so does an entry naming a route that no longer exists.
 */
describe('API token scopes of the registered routes', () => {
  let server: TestKairo;
  beforeAll(async () => {
    server = await startTestKairo('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('declares a scope (or session-only) for every route, and nothing else', () => {
    expect(documentedRoutes.length).toBeGreaterThan(40);
    const undeclared = documentedRoutes.filter((route) => !route.scopeDeclared).map((route) => `${route.method} ${route.url}`);
    expect(undeclared, 'declare these in src/server/http/route-scopes.ts').toEqual([]);
    const registered = new Set(documentedRoutes.map((route) => `${route.method} ${route.url}`));
    expect(declaredRouteKeys().filter((key) => !registered.has(key)), 'entries naming no registered route').toEqual([]);
  });

  it('keeps tokens away from signing in, tokens, the Strava connection and settings, whatever the method', () => {
    const scopeOf = (method: string, url: string) => documentedRoutes.find((route) => route.method === method && route.url === url)?.scope;
    for (const route of documentedRoutes.filter((r) => r.url.startsWith('/api/auth/') && r.method !== 'GET')) expect(scopeOf(route.method, route.url)).toBe('session-only');
    for (const route of documentedRoutes.filter((r) => r.url.startsWith('/api/api-tokens'))) expect(route.scope).toBe('session-only');
    expect(scopeOf('POST', '/api/auth/logout/strava')).toBe('session-only');
    expect(scopeOf('PUT', '/api/user/settings')).toBe('session-only');
    expect(scopeOf('PUT', '/api/wellness/:date')).toBe('write:wellness');
    expect(scopeOf('POST', '/api/wellness/import')).toBe('write:wellness');
    expect(scopeOf('POST', '/api/training-plans/:id/adjustments/:adjustmentId/accept')).toBe('write:plans');
    expect(scopeOf('GET', '/api/activities/:id')).toBe('read');
  });

  it('states the bearer scheme and each operation’s scope in /api/openapi.json', async () => {
    const answer = await createClient(server.url).get('/api/openapi.json');
    expect(answer.status).toBe(200);
    const document = answer.body as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { 'x-kairo-token-scope': string; security?: Record<string, string[]>[]; description: string }>>;
    };
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const operation = (path: string, method: string) => document.paths[path]![method]!;
    expect(operation('/api/activities/{id}', 'get')).toMatchObject({
      'x-kairo-token-scope': 'read',
      security: [{ session: [] }, { bearer: ['read'] }],
      description: 'API token scope: read.',
    });
    expect(operation('/api/wellness/{date}', 'put').security).toEqual([{ session: [] }, { bearer: ['write:wellness'] }]);
    expect(operation('/api/api-tokens', 'post')).toMatchObject({ 'x-kairo-token-scope': 'session-only', security: [{ session: [] }] });
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(operations)) expect(op['x-kairo-token-scope'], `${method} ${path}`).toBeTruthy();
    }
  });
});
