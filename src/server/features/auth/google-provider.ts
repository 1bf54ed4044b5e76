import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { mountFakeIdp } from '../../../../tools/fake-idp/provider.ts';
import type { Config } from '../../config.ts';
import { inProcessFetch } from '../../http/in-process-fetch.ts';
import { GOOGLE_CALLBACK_PATH, type OidcClientSettings } from './google.ts';

const DEMO_IDP_PREFIX = '/dev/idp';
const DEMO_CLIENT_ID = 'kairo-demo';

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

  // Both ends live in this process, so a fresh secret per boot is all the client needs.
  const client = { clientId: DEMO_CLIENT_ID, clientSecret: randomBytes(32).toString('base64url') };
  // The public URL is known only once the server listens, so issuer and redirect URI are read late.
  const issuer = () => `${publicUrl()}${DEMO_IDP_PREFIX}`;
  await mountFakeIdp(app, {
    prefix: DEMO_IDP_PREFIX,
    issuer,
    clients: () => [{ ...client, redirectUris: [`${publicUrl()}${GOOGLE_CALLBACK_PATH}`] }],
  });
  app.log.info(`Google sign-in is not configured: "Continue with Google" uses the development provider at ${DEMO_IDP_PREFIX}`);
  const fetchInProcess = inProcessFetch(app);
  return () => ({ issuer: issuer(), ...client, providerName: 'dev-idp', trustedEmails: false, inProcessFetch: fetchInProcess });
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}
