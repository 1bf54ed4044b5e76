import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentedRoutes, type DocumentedRoute } from '../../src/server/http/route.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, uniqueEmail, type TestKairo, signUp } from '../support/kairo.ts';

/**
 * Fuzzes every JSON route with bodies and queries built from its own zod contract (so most
 * requests get past the first check and reach the service), mixed with hostile text and numbers and
 * arbitrary JSON. No answer may be a 5xx. KAIRO_FUZZ_RUNS sets the number of requests (default 1000, about 20 s;
 * a nightly run: 10000 or more, see README).
 */
const runs = Number(process.env.KAIRO_FUZZ_RUNS ?? 1_000);
const [kind = 'pglite'] = await testDatabaseKinds();

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  format?: string;
  minimum?: number;
  maximum?: number;
};

const hostileText = fc.constantFrom(
  '',
  ' ',
  'nul\u0000byte',
  'lone \ud800 surrogate',
  'right-to-left \u202e override',
  'x'.repeat(5_000),
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '1e309',
  '-0',
  '😀',
);
const hostileNumber = fc.constantFrom(0, -0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 0.1, 1e-320);
const text = fc.oneof({ weight: 3, arbitrary: fc.string({ maxLength: 40 }) }, { weight: 1, arbitrary: hostileText });

function fromSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  if (schema.const !== undefined) return fc.oneof({ weight: 4, arbitrary: fc.constant(schema.const) }, { weight: 1, arbitrary: text });
  if (schema.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: text });
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((branch) => fromSchema(branch, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0]!, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'date' || schema.format === 'date-time') {
        const dates = fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true });
        return fc.oneof(
          { weight: 3, arbitrary: dates.map((date) => (schema.format === 'date' ? date.toISOString().slice(0, 10) : date.toISOString())) },
          { weight: 1, arbitrary: text },
        );
      }
      if (schema.format === 'uuid') return fc.oneof(fc.uuid(), text);
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), text);
      return text;
    case 'number':
    case 'integer': {
      const min = schema.minimum ?? -1_000;
      const max = schema.maximum ?? 1_000;
      const inRange = type === 'integer' ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, min + 10_000)) }) : fc.double({ min, max: Math.min(max, min + 10_000), noNaN: true });
      return fc.oneof({ weight: 3, arbitrary: inRange }, { weight: 1, arbitrary: hostileNumber });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? fromSchema(schema.items, depth + 1) : fc.jsonValue({ maxDepth: 1 }), { maxLength: 6 });
    case 'object': {
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, fromSchema(value, depth + 1)]));
      return fc.record(properties, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const contractInput = (schema: z.ZodType | undefined): fc.Arbitrary<unknown> => {
  if (!schema) return fc.constant(undefined);
  const jsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fc.oneof({ weight: 5, arbitrary: fromSchema(jsonSchema) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) });
};

const pathValue = fc.oneof(fc.uuid(), fc.stringMatching(/^\d{1,20}$/), text.map((value) => value.slice(0, 100)));

/** Every byte percent-encoded (a lone surrogate becomes U+FFFD's bytes, as a browser would send it). */
const percentEncoded = (value: string) => [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

function requestFor(route: DocumentedRoute): fc.Arbitrary<{ route: DocumentedRoute; path: string; body: unknown }> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  return fc
    .record({
      params: fc.tuple(...names.map(() => pathValue)),
      body: contractInput(route.body),
      query: contractInput(route.query),
    })
    .map(({ params, body, query }) => {
      let path = route.url;
      names.forEach((name, index) => {
        path = path.replace(`:${name}`, percentEncoded(String(params[index])));
      });
      if (query !== null && typeof query === 'object' && !Array.isArray(query)) {
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(query)) search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
        if ([...search].length > 0) path += `?${search.toString()}`;
      }
      return { route, path, body };
    });
}

describe('issue 16: fuzzing the JSON contracts answers no 5xx', () => {
  let server: TestKairo;
  let browser: TestClient;
  beforeAll(async () => {
    server = await startTestKairo(kind);
    browser = createClient(server.url);
    const signedUp = await signUp(browser, { email: uniqueEmail('fuzz'), password: 'correct horse battery', firstName: 'Fuzz', lastName: 'Er' });
    expect(signedUp.status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`sends ${runs} generated requests across every JSON route`, async () => {
    // Sign-out and Strava disconnect would end the fuzzing session; their input is nothing but a cookie.
    const routes = documentedRoutes.filter((route) => !['/api/auth/logout', '/api/auth/logout/strava'].includes(route.url));
    expect(routes.length).toBeGreaterThan(25);
    const served = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(...routes.map(requestFor)), async ({ route, path, body }) => {
        const response =
          route.method === 'GET'
            ? await browser.get(path)
            : await browser.request(route.method, path, undefined, body === undefined ? {} : { rawBody: JSON.stringify(body) });
        served.set(`${route.method} ${route.url}`, (served.get(`${route.method} ${route.url}`) ?? 0) + 1);
        expect(response.status, `${route.method} ${path} ${JSON.stringify(body)?.slice(0, 300)} -> ${response.text.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: runs },
    );
    // Drawn evenly, every route is reached (at 1,000 requests each route gets about 1,000 / routes).
    const unserved = routes.map((route) => `${route.method} ${route.url}`).filter((key) => !served.has(key));
    if (runs >= routes.length * 10) expect(unserved).toEqual([]);
    else expect(served.size).toBeGreaterThan(routes.length / 2);
  }, 600_000);
});
