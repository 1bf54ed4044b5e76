import { createHash } from 'node:crypto';

/**
 * OAuth 2 building blocks shared by the provider's endpoints: registered clients, request
 * parameters, error answers (RFC 6749 §4.1.2.1, §5.2) and the PKCE check (RFC 7636).
 */
export interface FakeIdpClient {
  clientId: string;
  clientSecret: string;
  /** Compared exactly, as OAuth 2 requires: no prefix or pattern matching. */
  redirectUris: readonly string[];
}

export class OAuthError extends Error {
  override name = 'OAuthError';
  /** The OAuth error code, e.g. invalid_request, invalid_grant. */
  readonly error: string;
  readonly status: number;
  /** WWW-Authenticate value for 401 answers (RFC 6749 §5.2, RFC 6750 §3). */
  readonly challenge: string | undefined;

  constructor(error: string, description: string, options: { status?: number; challenge?: string } = {}) {
    super(description);
    this.error = error;
    this.status = options.status ?? 400;
    this.challenge = options.challenge;
  }

  toJSON(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.message };
  }
}

/**
 * Reads the named parameters. Each may be sent at most once, and one sent empty counts as
 * absent (RFC 6749 §3.1). Throws invalid_request for a repeated parameter.
 */
export function readParams<const Name extends string>(
  params: URLSearchParams,
  names: readonly Name[],
): Record<Name, string | undefined> {
  const values = {} as Record<Name, string | undefined>;
  for (const name of names) {
    const sent = params.getAll(name);
    if (sent.length > 1) throw new OAuthError('invalid_request', `${name} must be sent only once`);
    values[name] = sent[0] || undefined;
  }
  return values;
}

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is the base64url SHA-256 of the verifier: always 43 characters. */
export const S256_CODE_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

/** RFC 7636 §4.6: BASE64URL(SHA256(ASCII(code_verifier))) must equal the code_challenge. */
export function verifiesS256Challenge(codeVerifier: string, codeChallenge: string): boolean {
  if (!CODE_VERIFIER.test(codeVerifier)) return false;
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url') === codeChallenge;
}
