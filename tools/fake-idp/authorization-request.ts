import { OAuthError, readParams, S256_CODE_CHALLENGE, type FakeIdpClient } from './protocol.ts';

/** The scopes this provider knows. Others are ignored, as OpenID Connect Core §5.4 allows. */
export const SUPPORTED_SCOPES = ['openid', 'email', 'profile'] as const;
export type Scope = (typeof SUPPORTED_SCOPES)[number];

export interface AuthorizationRequest {
  client: FakeIdpClient;
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  /** The granted scopes, in a fixed order. */
  scopes: Scope[];
  loginHint: string | undefined;
}

export type AuthorizationCheck =
  | { ok: true; request: AuthorizationRequest }
  /** The client or its redirect URI cannot be trusted: tell the user, never redirect (RFC 6749 §4.1.2.1). */
  | { ok: false; error: OAuthError; redirectUri: undefined }
  /** Any other problem goes back to the client's redirect URI, with the state it sent. */
  | { ok: false; error: OAuthError; redirectUri: string; state: string | undefined };

/**
 * Validates an authorization request (OpenID Connect Core §3.1.2.1) for this provider's one flow:
 * authorization code with state, nonce and PKCE S256, answered in the query.
 */
export function checkAuthorizationRequest(params: URLSearchParams, clients: readonly FakeIdpClient[]): AuthorizationCheck {
  let client: FakeIdpClient;
  let redirectUri: string;
  try {
    ({ client, redirectUri } = identifyClient(params, clients));
  } catch (error) {
    return { ok: false, error: asOAuthError(error), redirectUri: undefined };
  }
  try {
    return { ok: true, request: { client, redirectUri, ...readFlowParams(params) } };
  } catch (error) {
    const state = params.getAll('state');
    return { ok: false, error: asOAuthError(error), redirectUri, state: state.length === 1 ? state[0] || undefined : undefined };
  }
}

function identifyClient(params: URLSearchParams, clients: readonly FakeIdpClient[]) {
  const { client_id: clientId, redirect_uri: redirectUri } = readParams(params, ['client_id', 'redirect_uri']);
  const client = clients.find((candidate) => candidate.clientId === clientId);
  if (!client) throw new OAuthError('invalid_request', 'client_id is missing or not registered');
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    throw new OAuthError('invalid_request', 'redirect_uri is missing or not registered for this client');
  }
  return { client, redirectUri };
}

function readFlowParams(params: URLSearchParams) {
  const sent = readParams(params, [
    'response_type',
    'response_mode',
    'scope',
    'state',
    'nonce',
    'code_challenge',
    'code_challenge_method',
    'prompt',
    'login_hint',
  ]);
  if (sent.response_type !== 'code') {
    throw new OAuthError('unsupported_response_type', 'response_type must be code: only the authorization code flow is supported');
  }
  if (sent.response_mode !== undefined && sent.response_mode !== 'query') {
    throw new OAuthError('invalid_request', 'response_mode must be query');
  }
  const requested = new Set(sent.scope?.split(' '));
  if (!requested.has('openid')) throw new OAuthError('invalid_scope', 'scope must include openid');
  if (!sent.state) throw new OAuthError('invalid_request', 'state is required');
  if (!sent.nonce) throw new OAuthError('invalid_request', 'nonce is required');
  if (!sent.code_challenge) throw new OAuthError('invalid_request', 'code_challenge is required (PKCE)');
  if (sent.code_challenge_method !== 'S256') throw new OAuthError('invalid_request', 'code_challenge_method must be S256');
  if (!S256_CODE_CHALLENGE.test(sent.code_challenge)) {
    throw new OAuthError('invalid_request', 'code_challenge must be a base64url-encoded SHA-256 hash');
  }
  // This provider always shows its page, so a request that forbids any interaction cannot succeed.
  if (sent.prompt?.split(' ').includes('none')) {
    throw new OAuthError('login_required', 'prompt=none cannot be satisfied: this provider always asks the user');
  }
  return {
    state: sent.state,
    nonce: sent.nonce,
    codeChallenge: sent.code_challenge,
    scopes: SUPPORTED_SCOPES.filter((scope) => requested.has(scope)),
    loginHint: sent.login_hint,
  };
}

function asOAuthError(error: unknown): OAuthError {
  if (error instanceof OAuthError) return error;
  throw error;
}
