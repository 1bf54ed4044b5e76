import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, sendKeptJson } from '../../src/server/http/kept-json.ts';

/** A kept answer, the same object for every request (as an account cache hands it out). */
const kept = { days: Array.from({ length: 365 }, (_, day) => ({ day, why: 'No plan covers this day: Kai suggests one session at a time.' })) };
const small = { ok: true };

async function app({ plugin }: { plugin: boolean }) {
  const server = Fastify();
  // As the real app: the plugin compresses other answers above the same threshold per request.
  if (plugin) await server.register(fastifyCompress, { threshold: COMPRESS_MIN_BYTES, encodings: ['br', 'gzip'] });
  server.get('/kept', (request, reply) => sendKeptJson(request, reply, kept));
  server.get('/small', (request, reply) => sendKeptJson(request, reply, small));
  return server;
}

describe('kept JSON answers (ADR 0090)', () => {
  it.each([false, true])('go out compressed as the browser accepts (brotli first, then gzip), by themselves, and never twice (compress plugin: %s)', async (plugin) => {
    const server = await app({ plugin });
    const json = JSON.stringify(kept);
    const read = (encoding?: string) => server.inject({ method: 'GET', url: '/kept', headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

    const [br, again] = [await read('gzip, deflate, br'), await read('gzip, deflate, br')];
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(json);
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(json.length / 5);

    const gzip = await read('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(json);

    for (const none of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await read(none);
      expect(plain.headers['content-encoding'], String(none)).toBeUndefined();
      expect(plain.payload).toBe(json);
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    // The same ETag whatever the encoding; a browser that has it gets 304 without a body.
    expect(gzip.headers.etag).toBe(br.headers.etag);
    const revalidated = await server.inject({ method: 'GET', url: '/kept', headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('sends the same bytes every time it is read plain, text beyond ASCII included (kept as bytes from the second send)', async () => {
    const server = Fastify();
    const answer = { days: Array.from({ length: 120 }, (_, day) => ({ day, why: `Kai’s plan — 5 × 3′ at 105 % · day ${day} 🚴` })) };
    server.get('/kept', (request, reply) => sendKeptJson(request, reply, answer));
    const json = JSON.stringify(answer);
    const bytes = Buffer.from(json, 'utf8');
    expect(bytes.length).toBeGreaterThan(json.length);
    for (let read = 1; read <= 3; read++) {
      const plain = await server.inject({ method: 'GET', url: '/kept' });
      expect(plain.rawPayload.equals(bytes), `read ${read}`).toBe(true);
      expect(Number(plain.headers['content-length']), `read ${read}`).toBe(bytes.length);
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    // Compressed after the plain reads: made from the kept bytes, the same JSON.
    const br = await server.inject({ method: 'GET', url: '/kept', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(br.rawPayload).equals(bytes)).toBe(true);
  });

  it('leaves a small answer uncompressed', async () => {
    const server = await app({ plugin: true });
    const answer = await server.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json()).toEqual(small);
  });
});
