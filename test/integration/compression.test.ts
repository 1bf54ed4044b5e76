import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress.ts';
import { registerSpa } from '../../src/server/http/spa.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';

/** Issue 12 item 14: the web app and the API travel compressed, and hashed files are cached for good. */
describe('static files served from their build-time compressed copies', () => {
  let dist: string;
  let app: FastifyInstance;
  const script = `export const lines = [${Array.from({ length: 400 }, (_, index) => `"line ${index}"`).join(',')}];\n`;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'kairo-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Kairo</title>');
    writeFileSync(join(dist, 'assets/index-AbC123.js'), script);
    writeFileSync(join(dist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
    expect(precompressDirectory(dist).sort()).toEqual(['assets/index-AbC123.js', 'favicon.svg']);
    app = Fastify();
    await app.register(fastifyCompress, { threshold: 1024 });
    await registerSpa(app, dist);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that takes brotli, with a year of immutable caching', async () => {
    const response = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.equals(readFileSync(join(dist, 'assets/index-AbC123.js.br')))).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser that takes gzip only, and the file itself to one that takes neither', async () => {
    const gzip = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('caches files without a content hash for an hour only', async () => {
    const response = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('API answers compressed above 1 kB', () => {
  let server: TestKairo;
  beforeAll(async () => {
    server = await startTestKairo('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('compresses a large JSON answer as the client asks', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(new URL('/api/openapi.json', server.url), { headers: { 'accept-encoding': encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect((await response.json()).openapi).toBe('3.1.0');
    }
  });

  it('leaves a small answer as it is', async () => {
    const response = await fetch(new URL('/api/auth/user', server.url), { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-encoding')).toBeNull();
  });
});
