import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers, worked out once at boot. Helmet writes the same headers on every
 * response for a given configuration, and building them per request (as the Fastify plugin does)
 * cost more than the rest of a cached GET /api/auth/user: the bench measured it.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // Helmet's middleware is synchronous; if a future version were not, the headers would be incomplete.
  if (!done) throw new Error('helmet did not finish synchronously');
  return Object.freeze(headers);
}
