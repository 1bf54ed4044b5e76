import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { mountDemoIdp } from '../../demo/google-idp.ts';
import { GOOGLE_CALLBACK_PATH, type OidcClientSettings } from './google.ts';

/**
 * The OpenID provider behind "Continue with Google". Google when credentials are configured. In
 * demo mode (none configured, not production, bound to loopback) the bundled development provider, mounted on this
 * server at /dev/idp, so sign-in works on a fresh install without keys. In production without
 * credentials, none: the sign-in route answers 404.
 */
export async function googleProvider(
  app: FastifyInstance,
  config: Config,
  publicUrl: () => string,
): Promise<() => OidcClientSettings | undefined> {
  const { google } = config;
  if (google) return () => ({ ...google, providerName: 'google', trustedEmails: true });
  // The development provider lets anyone name any e-mail: offered only where nobody else can reach
  // the server (a loopback bind) and never in production.
  if (config.env === 'production' || !isLoopbackHost(config.host)) return () => undefined;

  return mountDemoIdp(app, { publicUrl, callbackPath: GOOGLE_CALLBACK_PATH });
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}
