import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountDeletedResponse, accountDeletionCheck, deleteAccountBody } from '../../../shared/api/account-deletion.ts';
import { notAuthenticated } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { SessionCookie } from '../../http/session-cookie.ts';
import { ACCOUNT_DELETED_MESSAGE, type AccountDeletionService, type DeletionRequester } from './service.ts';

function requesterOf(request: FastifyRequest): DeletionRequester {
  if (!request.auth) throw notAuthenticated();
  return { accountId: request.auth.account.id, sid: request.auth.sid };
}

/** Deleting one's own account: only the signed-in account, never another one by id. */
export function registerAccountDeletionRoutes(app: FastifyInstance, deps: { deletion: AccountDeletionService; cookie: SessionCookie }): void {
  const { deletion, cookie } = deps;
  const tags = ['auth'];

  route(app, {
    method: 'GET',
    url: '/api/account/deletion',
    summary: 'What deleting the signed-in account asks for: its password, or for a Google-only account its e-mail within minutes of a Google sign-in',
    tags,
    auth: 'required',
    response: accountDeletionCheck,
    async handler({ request, reply }) {
      reply.header('cache-control', 'no-store');
      return deletion.check(requesterOf(request));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/account/deletion',
    summary:
      'Delete the signed-in account and everything it holds: revokes Strava, deletes every row and file, ends every session and sends a confirmation mail. A wrong password answers 403 and deletes nothing',
    tags,
    auth: 'required',
    body: deleteAccountBody,
    response: accountDeletedResponse,
    async handler({ request, reply, body }) {
      const { email } = await deletion.deleteAccount(requesterOf(request), body);
      cookie.clear(reply);
      reply.header('cache-control', 'no-store');
      return { message: ACCOUNT_DELETED_MESSAGE, email };
    },
  });
}
