import { createHash, timingSafeEqual } from 'node:crypto';
import { OAuthError, readParams, type FakeIdpClient } from './protocol.ts';

const BASIC_CHALLENGE = 'Basic realm="fake-idp"';

/**
 * Authenticates the client at the token endpoint, by client_secret_basic or client_secret_post
 * (RFC 6749 §2.3.1). A request may use only one method. Failures answer 401 invalid_client.
 */
export function authenticateClient(
  authorization: string | undefined,
  body: URLSearchParams,
  clients: readonly FakeIdpClient[],
): FakeIdpClient {
  const posted = readParams(body, ['client_id', 'client_secret']);
  const basic = authorization === undefined ? undefined : parseBasicCredentials(authorization);
  if (basic && posted.client_secret) {
    throw new OAuthError('invalid_request', 'Use one client authentication method: the Authorization header or client_secret, not both');
  }
  if (basic && posted.client_id && posted.client_id !== basic.clientId) {
    throw new OAuthError('invalid_request', 'client_id does not match the client in the Authorization header');
  }
  const credentials = basic ?? (posted.client_id && posted.client_secret ? { clientId: posted.client_id, clientSecret: posted.client_secret } : undefined);
  if (!credentials) throw invalidClient('Client authentication is required (client_secret_basic or client_secret_post)');
  const client = clients.find((candidate) => candidate.clientId === credentials.clientId);
  if (!client || !secretsEqual(client.clientSecret, credentials.clientSecret)) {
    throw invalidClient('Client authentication failed');
  }
  return client;
}

/** Basic credentials are form-encoded before base64 (RFC 6749 §2.3.1), so secrets may hold ':' or '%'. */
export function parseBasicCredentials(authorization: string): { clientId: string; clientSecret: string } {
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/i.exec(authorization.trim());
  if (!match?.[1]) throw invalidClient('The Authorization header must use the Basic scheme');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidClient('Basic credentials must be client_id:client_secret');
  try {
    return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw invalidClient('Basic credentials are not properly form-encoded');
  }
}

function formDecode(component: string): string {
  return decodeURIComponent(component.replaceAll('+', ' '));
}

/** Compares digests, so neither the content nor the length of the secret leaks through timing. */
function secretsEqual(expected: string, actual: string): boolean {
  const digest = (secret: string) => createHash('sha256').update(secret).digest();
  return timingSafeEqual(digest(expected), digest(actual));
}

function invalidClient(description: string): OAuthError {
  return new OAuthError('invalid_client', description, { status: 401, challenge: BASIC_CHALLENGE });
}
