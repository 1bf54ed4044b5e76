import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TrustProxy } from '../config.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What a proxy's id may look like: a UUID, Caddy's or nginx's hex ids, a trace id. Anything else is replaced. */
const ACCEPTABLE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Each request's id, logged as `reqId` on every line it causes and echoed in the X-Request-Id
 * answer header. Behind a trusted proxy the proxy's X-Request-Id is kept, so one id follows a
 * request from the proxy's log into whichever instance served it; a client talking to Kairo
 * directly cannot choose its id.
 */
export function requestIdGenerator(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  return (request) => {
    const incoming = trustProxy === false ? undefined : request.headers[REQUEST_ID_HEADER];
    return typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  };
}
