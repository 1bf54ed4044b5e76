import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/server/http/security-headers.ts';

/** The headers helmet writes on a real response, for comparison. */
async function headersFromHelmet(options: HelmetOptions): Promise<IncomingHttpHeaders> {
  const middleware = helmet(options);
  const server = createServer((request, response) => middleware(request, response, () => response.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return Object.fromEntries(response.headers);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const transportHeaders = new Set(['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding']);

describe('securityHeaders', () => {
  it.each([
    ['defaults', {}],
    [
      'a strict CSP without HSTS',
      {
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"], frameAncestors: ["'none'"] } },
        strictTransportSecurity: false,
        crossOriginEmbedderPolicy: false,
      },
    ],
  ] satisfies [string, HelmetOptions][])('computes once exactly what helmet writes per response (%s)', async (_name, options) => {
    const expected = await headersFromHelmet(options);
    for (const name of transportHeaders) delete expected[name];
    expect(securityHeaders(options)).toEqual(expected);
    expect(Object.keys(expected)).toContain('content-security-policy');
  });
});
