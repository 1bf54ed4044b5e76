/**
 * Google sign-in is a full browser navigation to this path: the server runs the OpenID Connect
 * redirects and comes back to / (or to /login?error=google when it fails).
 */
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';

/** The query the server adds to /login when Google sign-in failed. */
export const GOOGLE_SIGN_IN_FAILED_ERROR = 'google';
