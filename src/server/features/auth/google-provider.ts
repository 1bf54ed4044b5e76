import type { Config } from '../../config.ts';
import type { OidcClientSettings } from './google.ts';

/**
 * The OpenID provider behind "Continue with Google". Google when credentials are configured. In
 * demo mode (none configured, not production, bound to loopback) the bundled development provider, which `demo`
 * mounts on this server (src/server/demo/), so sign-in works on a fresh install without keys. In production without
 * credentials, none: the sign-in route answers 404.
 */
export async function googleProvider(
  config: Config,
  demo: () => Promise<() => OidcClientSettings>,
): Promise<() => OidcClientSettings | undefined> {
  const { google } = config;
  if (google) return () => ({ ...google, providerName: 'google', trustedEmails: true });
  // The development provider lets anyone name any e-mail: offered only where nobody else can reach
  // the server (a loopback bind) and never in production.
  if (config.env === 'production' || !isLoopbackHost(config.host)) return () => undefined;

  return demo();
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}
