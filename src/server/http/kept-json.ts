import { negotiate } from '@fastify/accept-negotiator';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers kept in memory (db/account-cache.ts) are the same object until their account changes:
 * their JSON is serialised and hashed once per object, not per request, and the hash is the ETag,
 * so a browser that has the answer gets 304 without the body. The bytes are what Fastify would
 * have sent for the object (`JSON.stringify`, the same content type). A WeakMap: an answer the
 * cache dropped takes its bytes with it.
 */
const serialised = new WeakMap<object, KeptBody>();

interface KeptBody {
  /**
   * The JSON: text when first sent, its UTF-8 bytes from the second send on. Text sent again is
   * encoded again for every request (twice: once to count its bytes, once to write them); a year
   * of the calendar is 218 kB of it, and that encoding was the server's largest cost in the data-scale
   * bench (ADR 0090: p99 of a plain year 239–352 → 125–132 ms).
   */
  body: string | Buffer;
  /** The JSON's length in characters: what `COMPRESS_MIN_BYTES` is held against, whatever `body` is now. */
  length: number;
  /** Whether the text has been sent once: the second send keeps its bytes instead. */
  sentOnce: boolean;
  etag: string;
  /** The body compressed for the encodings browsers asked for, each made once (ADR 0090). */
  encoded: Partial<Record<KeptEncoding, Buffer>>;
}

/** Smaller answers fit a packet or two either way: compressing them only costs CPU (app.ts compresses the rest). */
export const COMPRESS_MIN_BYTES = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type KeptEncoding = (typeof ENCODINGS)[number];

/** As the compress plugin does per answer (brotli at quality 4, gzip's default), but once per kept answer. */
function compressed(body: string | Buffer, encoding: KeptEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipSync(body);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** An answer that is already JSON text (made from kept texts, ADR 0059): kept and sent as it is. */
export class JsonText {
  readonly json: string;
  constructor(json: string) {
    this.json = json;
  }
}

export function sendKeptJson(request: FastifyRequest, reply: FastifyReply, value: object): FastifyReply {
  let kept = serialised.get(value);
  if (!kept) {
    // Kept as text, not a Buffer: a Buffer per answer is memory outside the heap, and with answers
    // read once (a chart window never asked for twice) the slowest requests paid for it: p99 72 →
    // 41 ms on the data-scale bench's uncached charts, and the kept answers got no slower.
    const body = value instanceof JsonText ? value.json : JSON.stringify(value);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    kept = { body, length: body.length, sentOnce: false, etag, encoded: {} };
    serialised.set(value, kept);
  }
  // The athlete's own data: no shared cache may keep it, and the browser asks again each time.
  reply.header('cache-control', 'private, no-cache').header('etag', kept.etag);
  if (matches(request.headers['if-none-match'], kept.etag)) return reply.code(304).send();
  reply.type(JSON_TYPE);
  if (kept.length < COMPRESS_MIN_BYTES) return reply.send(kept.body);
  // A kept answer is compressed once per encoding, not per request: a year of the calendar is 200 kB.
  reply.header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? (negotiate(accepted, [...ENCODINGS]) as KeptEncoding | null) : null;
  if (!encoding) return reply.send(plainBody(kept));
  const bytes = (kept.encoded[encoding] ??= compressed(kept.body, encoding));
  // Already encoded: the compress plugin leaves an answer with a Content-Encoding as it is.
  return reply.header('content-encoding', encoding).send(bytes);
}

/**
 * The body to send as it is: the text the first time, its bytes from then on (made once, and the
 * text let go). An answer read once, as most chart windows are, never holds a Buffer: memory
 * outside the heap for every such answer made the slowest requests slower (see above).
 */
function plainBody(kept: KeptBody): string | Buffer {
  if (typeof kept.body === 'string' && kept.sentOnce) kept.body = Buffer.from(kept.body, 'utf8');
  kept.sentOnce = true;
  return kept.body;
}

/** JSON text made elsewhere (kept list items read from the database, ADR 0059), sent as it is with the content type Fastify gives JSON. */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSON_TYPE).send(json);
}

/** If-None-Match holds the ETag (a list of them, or `*`; weak comparison, RFC 9110 §13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
