import { rm, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { verify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import { FRESH_SIGN_IN_MINUTES, type AccountDeletionCheck, type DeleteAccountBody } from '../../../shared/api/account-deletion.ts';
import { AppError } from '../../http/errors.ts';
import type { Throttles } from '../../http/rate-limit.ts';
import type { SessionStore } from '../../http/sessions.ts';
import { accountDeletedMail, type StravaRevocation } from '../../mail/account-deleted.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AccountDeletionRepo, DeletedAccount } from './repo.ts';

const MINUTE_MS = 60_000;
/** Wrong passwords (or addresses) one account may try per window before it must wait. */
const ATTEMPTS_PER_WINDOW = 10;
const ATTEMPT_WINDOW_MS = 15 * MINUTE_MS;

export const WRONG_PASSWORD_MESSAGE = 'That password is not right. Nothing was deleted.';
export const WRONG_EMAIL_MESSAGE = 'That is not the e-mail address of this account. Nothing was deleted.';
export const STALE_SIGN_IN_MESSAGE = `For your safety, sign in with Google again, then delete your account within ${FRESH_SIGN_IN_MINUTES} minutes. Nothing was deleted.`;
export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted. A confirmation is on its way to your e-mail.';

/** The request's session: whose it is and which one. */
export interface DeletionRequester {
  accountId: string;
  sid: string;
}

/**
 * Deleting one's own account (issue 31, ADR 0075): the athlete proves it is them, Kairo's access
 * to Strava is revoked with Strava, every row of the account goes in one transaction, then its
 * files, every session on every instance, and a confirmation mail goes out.
 */
export function createAccountDeletionService(deps: {
  repo: AccountDeletionRepo;
  sessions: Pick<SessionStore, 'destroyAllFor'>;
  mailer: Mailer;
  /** Ends Kairo's grant at Strava; false when the account has no connection; throws when Strava did not confirm. */
  revokeStrava: (accountId: string) => Promise<boolean>;
  throttles: Throttles;
  /** Where archive uploads are copied for their jobs (DATA_DIR/imports). */
  uploadDir: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { repo, log } = deps;
  const now = deps.now ?? (() => new Date());
  const attempts = deps.throttles.throttle('account-deletion-attempts', { limit: ATTEMPTS_PER_WINDOW, windowMs: ATTEMPT_WINDOW_MS });

  async function subjectOf(requester: DeletionRequester) {
    const subject = await repo.findSubject(requester.accountId);
    // Deleted a moment ago by another request: this session is gone with it.
    if (!subject) throw new AppError('unauthenticated', 'Authentication required');
    return subject;
  }

  /** Whether this session came from a Google sign-in within the last FRESH_SIGN_IN_MINUTES. */
  async function signInFresh(sid: string): Promise<boolean> {
    const signIn = await repo.sessionSignIn(sid);
    return signIn?.provider === 'google' && now().getTime() - signIn.createdAt.getTime() <= FRESH_SIGN_IN_MINUTES * MINUTE_MS;
  }

  async function confirm(requester: DeletionRequester, body: DeleteAccountBody, subject: { email: string; hashedPassword: string | null }) {
    const waitMs = await attempts.waitMs(requester.accountId);
    if (waitMs > 0) {
      throw new AppError('too_many_requests', 'Too many wrong attempts. Try again in a few minutes. Nothing was deleted.', {
        retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    }
    if (subject.hashedPassword) {
      if (body.password === undefined) throw new AppError('bad_request', 'Enter your password');
      if (await verify(subject.hashedPassword, body.password)) return;
      await attempts.take(requester.accountId);
      throw new AppError('forbidden', WRONG_PASSWORD_MESSAGE);
    }
    if (body.email === undefined) throw new AppError('bad_request', 'Type your e-mail address');
    if (body.email.toLowerCase() !== subject.email) {
      await attempts.take(requester.accountId);
      throw new AppError('forbidden', WRONG_EMAIL_MESSAGE);
    }
    if (!(await signInFresh(requester.sid))) throw new AppError('forbidden', STALE_SIGN_IN_MESSAGE);
  }

  async function revokeStrava(accountId: string): Promise<StravaRevocation> {
    try {
      return (await deps.revokeStrava(accountId)) ? 'revoked' : 'not-connected';
    } catch (error) {
      // The account goes all the same; the mail tells the athlete how to end the access at Strava.
      log.warn({ err: error, accountId }, 'Strava did not confirm revoking the authorization of a deleted account');
      return 'failed';
    }
  }

  /** Copies of archive uploads on this instance's disk; each instance's jobs clear their own too. */
  async function removeFiles(deleted: DeletedAccount): Promise<void> {
    const names = await readdir(deps.uploadDir).catch(() => [] as string[]);
    const working = names.filter((name) => deleted.importIds.some((id) => name.startsWith(`${id}-`))).map((name) => join(deps.uploadDir, name));
    for (const path of [...deleted.storedPaths, ...working]) {
      await rm(path, { force: true }).catch((error: unknown) => log.error({ err: error, path }, 'A file of a deleted account could not be removed'));
    }
  }

  return {
    /** What the dialog asks for before deleting. */
    async check(requester: DeletionRequester): Promise<AccountDeletionCheck> {
      const subject = await subjectOf(requester);
      return {
        confirmWith: subject.hashedPassword ? 'password' : 'email',
        signInFresh: subject.hashedPassword ? null : await signInFresh(requester.sid),
        stravaConnected: await repo.stravaConnected(requester.accountId),
      };
    },

    /** Deletes the requester's own account once they have proved it is them; answers the address the confirmation goes to. */
    async deleteAccount(requester: DeletionRequester, body: DeleteAccountBody): Promise<{ email: string }> {
      const subject = await subjectOf(requester);
      await confirm(requester, body, subject);
      // Before the rows go: the connection's tokens are what Strava's revocation needs.
      const strava = await revokeStrava(requester.accountId);
      const deleted = await repo.deleteAccount(requester.accountId);
      if (!deleted) throw new AppError('unauthenticated', 'Authentication required');
      // The rows, sessions among them, are gone on every instance; this clears every instance's cache of them.
      await deps.sessions.destroyAllFor(requester.accountId);
      await repo.deleteLateJobs(requester.accountId);
      await removeFiles(deleted);
      try {
        await deps.mailer.send(accountDeletedMail(subject, strava));
      } catch (error) {
        log.error({ err: error, accountId: requester.accountId }, 'The confirmation mail of a deleted account could not be sent');
      }
      log.info({ accountId: requester.accountId, strava }, 'Account deleted');
      return { email: subject.email };
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
