import type { FastifyInstance } from 'fastify';
import {
  authUser,
  confirmEmailBody,
  forgotPasswordBody,
  loginBody,
  messageResponse,
  registerBody,
  registerResponse,
  resetPasswordBody,
} from '../../../shared/api/auth.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { SessionCookie } from '../../http/session-cookie.ts';
import { requestMeta } from '../../http/request-meta.ts';
import { CONFIRM_WHILE_SIGNED_IN_MESSAGE, FORGOT_PASSWORD_MESSAGE, RESET_DONE_MESSAGE, toAuthUser, type AuthService } from './service.ts';
import { replaceBrowserSession } from './browser-session.ts';

export function registerAuthRoutes(app: FastifyInstance, deps: { auth: AuthService; cookie: SessionCookie }): void {
  const { auth, cookie } = deps;
  const tags = ['auth'];

  route(app, {
    method: 'POST',
    url: '/api/auth/register',
    summary:
      'Create an account with e-mail and password. Where mail is delivered: 202 and a confirmation mail, the same answer whether or not the address has an account; else 201, signed in',
    tags,
    auth: 'optional',
    body: registerBody,
    response: registerResponse,
    status: 201,
    async handler({ request, reply, body }) {
      const registration = await auth.register(body, requestMeta(request));
      if (registration.kind === 'confirm-email') {
        // No cookie either way: the browser's session, if any, is left as it was.
        reply.code(202);
        return { pending: 'confirm-email', message: registration.message };
      }
      return replaceBrowserSession(deps, request, reply, registration);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/confirm-email',
    summary:
      'Finish a registration with the token from its mail: creates the account and signs in (single use, 24 hours). A browser signed in to an account gets 409 and the link stays unused',
    tags,
    auth: 'optional',
    body: confirmEmailBody,
    response: authUser,
    status: 201,
    async handler({ request, reply, body }) {
      // The link always makes a new account, so a live session is someone else's: it is never
      // swapped for the link's account without the person signing out first (ADR 0004).
      if (request.auth) throw new AppError('conflict', CONFIRM_WHILE_SIGNED_IN_MESSAGE);
      return replaceBrowserSession(deps, request, reply, await auth.confirmRegistration(body.token, requestMeta(request)));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/login',
    summary: 'Sign in with e-mail and password',
    tags,
    auth: 'optional',
    body: loginBody,
    response: authUser,
    async handler({ request, reply, body }) {
      return replaceBrowserSession(deps, request, reply, await auth.login(body, requestMeta(request)));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/logout',
    summary: 'Sign out: ends this session',
    tags,
    auth: 'optional',
    response: messageResponse,
    async handler({ request, reply }) {
      if (request.auth) await auth.logout(request.auth.sid);
      cookie.clear(reply);
      return { message: 'Signed out' };
    },
  });

  for (const url of ['/api/auth/user', '/api/user']) {
    route(app, {
      method: 'GET',
      url,
      summary: 'The signed-in user',
      tags,
      auth: 'required',
      response: authUser,
      async handler({ account, reply }) {
        reply.header('cache-control', 'no-store');
        // The session lookup already loaded the account: no second query.
        return toAuthUser(account);
      },
    });
  }

  route(app, {
    method: 'POST',
    url: '/api/auth/forgot-password',
    summary: 'Send a password-reset link (same answer whether or not the account exists)',
    tags,
    auth: 'optional',
    body: forgotPasswordBody,
    response: messageResponse,
    async handler({ request, body }) {
      await auth.forgotPassword(body.email, requestMeta(request));
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/reset-password',
    summary: 'Set a new password with a reset token (single use, 1 hour)',
    tags,
    auth: 'optional',
    body: resetPasswordBody,
    response: messageResponse,
    async handler({ body }) {
      await auth.resetPassword(body);
      return { message: RESET_DONE_MESSAGE };
    },
  });
}
