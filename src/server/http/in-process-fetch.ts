import { setImmediate } from 'node:timers/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';

export type InProcessFetch = (
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit | Uint8Array | null },
) => Promise<Response>;

/**
 * A fetch answered by this app's own routes through Fastify's inject: for a client that talks to a
 * service mounted on the same server. Only the URL's path and query matter; no socket is opened,
 * and the answer is complete when it returns, so there is nothing for an abort signal to cut short.
 */
export function inProcessFetch(app: FastifyInstance): InProcessFetch {
  return async (url, init) => {
    // Inject settles in microtasks; without this turn of the event loop, a job calling the mounted
    // service in a loop would keep real sockets waiting until it finished.
    await setImmediate();
    const target = new URL(url);
    const { body } = init;
    const injected = await app.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url: `${target.pathname}${target.search}`,
      ...(init.headers ? { headers: init.headers } : {}),
      ...(body == null
        ? {}
        : { payload: body instanceof Uint8Array ? Buffer.from(body) : Buffer.from(await new Response(body).arrayBuffer()) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(injected.headers)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined) headers.append(name, String(item));
      }
    }
    const payload = injected.rawPayload.length > 0 ? new Uint8Array(injected.rawPayload) : null;
    return new Response(payload, { status: injected.statusCode, headers });
  };
}
