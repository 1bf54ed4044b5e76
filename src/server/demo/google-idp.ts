import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OidcClientSettings } from '../features/auth/index.ts';
import { inProcessFetch } from '../http/in-process-fetch.ts';

const DEMO_IDP_PREFIX = '/dev/idp';
const DEMO_CLIENT_ID = 'kairo-demo';

/**
 * Demo mode's "Continue with Google": the development OpenID provider (a test double in tools/)
 * mounted on this server at /dev/idp. It is loaded here, and only when demo sign-in is on, so a
 * production process never has it in memory.
 */
export async function mountDemoIdp(
  app: FastifyInstance,
  options: { publicUrl: () => string; callbackPath: string },
): Promise<() => OidcClientSettings> {
  const { mountFakeIdp } = await import('../../../tools/fake-idp/provider.ts');
  const { publicUrl, callbackPath } = options;
  // Both ends live in this process, so a fresh secret per boot is all the client needs.
  const client = { clientId: DEMO_CLIENT_ID, clientSecret: randomBytes(32).toString('base64url') };
  // The public URL is known only once the server listens, so issuer and redirect URI are read late.
  const issuer = () => `${publicUrl()}${DEMO_IDP_PREFIX}`;
  await mountFakeIdp(app, {
    prefix: DEMO_IDP_PREFIX,
    issuer,
    clients: () => [{ ...client, redirectUris: [`${publicUrl()}${callbackPath}`] }],
  });
  app.log.info(`Google sign-in is not configured: "Continue with Google" uses the development provider at ${DEMO_IDP_PREFIX}`);
  const fetchInProcess = inProcessFetch(app);
  return () => ({ issuer: issuer(), ...client, providerName: 'dev-idp', trustedEmails: false, inProcessFetch: fetchInProcess });
}
