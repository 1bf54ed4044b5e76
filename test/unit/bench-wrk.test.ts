import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luaString, runWrk, wrkAvailable } from '../../bench/wrk.ts';

describe('luaString', () => {
  it('escapes quotes, backslashes and control characters, and keeps the rest as it is', () => {
    expect(luaString('kairo_session=a"b\\c')).toBe('"kairo_session=a\\"b\\\\c"');
    expect(luaString('line\nnext\ttab')).toBe('"line\\010next\\009tab"');
    expect(luaString('Zürich')).toBe('"Zürich"');
  });
});

// wrk is Debian's package `wrk` (.ci/run installs it); without it the test is skipped and KAIRO_LOAD_TOOL=wrk cannot be used.
describe.skipIf(!wrkAvailable())('runWrk: the bench load through wrk', () => {
  const seen = new Map<string, number>();
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const key = `${request.url} ${request.headers.cookie ?? '-'} ${request.headers['x-base'] ?? '-'}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      response.statusCode = request.url === '/missing' ? 404 : 200;
      response.end('x'.repeat(2048));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends every request with the base headers, the rotated ones and the rotated paths, and counts what came back', async () => {
    seen.clear();
    const result = await runWrk({
      url: `${origin}/ignored`,
      headers: { 'x-base': 'on', cookie: 'overridden' },
      rotateHeaders: [{ cookie: 'athlete=1' }, { cookie: 'athlete="2"' }],
      rotatePaths: ['/a?x=1', '/b', '/missing'],
      connections: 4,
      durationS: 1,
    });
    const keys = [...seen.keys()].sort();
    // Each thread takes headers and paths in turn: with 2 and 3 of them, all six pairs come up.
    expect(keys).toEqual(
      ['/a?x=1', '/b', '/missing'].flatMap((path) => [`${path} athlete="2" on`, `${path} athlete=1 on`]).sort(),
    );
    const served = [...seen.values()].reduce((sum, n) => sum + n, 0);
    const missing = [...seen.entries()].filter(([key]) => key.startsWith('/missing ')).reduce((sum, [, n]) => sum + n, 0);
    // wrk counts the answers it read before its time ran out; the server may have sent a few more.
    expect(result.requests).toBeGreaterThan(100);
    expect(result.requests).toBeLessThanOrEqual(served);
    expect(result.non2xx).toBeGreaterThan(0);
    expect(result.non2xx).toBeLessThanOrEqual(missing);
    expect(result.non2xx / result.requests).toBeCloseTo(1 / 3, 1);
    expect(result.errors).toBe(0);
    expect(result.latencyP50Ms).toBeGreaterThan(0);
    expect(result.latencyP99Ms).toBeGreaterThanOrEqual(result.latencyP50Ms);
    expect(result.requestsPerS).toBeGreaterThan(result.requests / 2);
  });

  it('pairs every headers with every path even when one count divides the other', async () => {
    seen.clear();
    await runWrk({
      url: `${origin}/ignored`,
      headers: {},
      rotateHeaders: [{ cookie: 'athlete=1' }, { cookie: 'athlete=2' }],
      rotatePaths: ['/p1', '/p2', '/p3', '/p4'],
      connections: 2,
      durationS: 1,
    });
    expect([...seen.keys()].sort()).toEqual(['/p1', '/p2', '/p3', '/p4'].flatMap((path) => [`${path} athlete=1 -`, `${path} athlete=2 -`]));
  });
});
