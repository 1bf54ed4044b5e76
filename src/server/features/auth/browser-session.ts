import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionCookie } from '../../http/session-cookie.ts';
import type { AuthService, SignedIn } from './service.ts';

/**
 * Hands a fresh sign-in to the browser: the session it held before (if any) is ended, and the new
 * one is set in the cookie (password and OpenID sign-in alike).
 */
export async function replaceBrowserSession(
  deps: { auth: AuthService; cookie: SessionCookie },
  request: FastifyRequest,
  reply: FastifyReply,
  signedIn: SignedIn,
): Promise<SignedIn['user']> {
  if (request.auth) await deps.auth.logout(request.auth.sid);
  deps.cookie.set(reply, signedIn.session.token, signedIn.session.expiresAt);
  return signedIn.user;
}
