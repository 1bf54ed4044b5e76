import { hash } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AccountDeletionRepo, DeletionSubject } from '../../src/server/features/account-deletion/repo.ts';
import { createAccountDeletionService } from '../../src/server/features/account-deletion/service.ts';
import type { Throttle, Throttles } from '../../src/server/http/rate-limit.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';

/**
 * Account deletion's rules with the clock, Strava, the mail and the database stood in for: when a
 * Google sign-in is fresh enough, and that neither Strava nor the mail can keep an account alive.
 * The whole path against a real database is test/integration/account-deletion.test.ts.
 */
const SIGNED_IN_AT = new Date('2026-03-02T08:00:00Z');
const minutesAfterSignIn = (minutes: number) => new Date(SIGNED_IN_AT.getTime() + minutes * 60_000);
const googleOnly: DeletionSubject = { id: 'acc-1', email: 'gil@example.test', firstName: 'Gil', hashedPassword: null };
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

function throttlesCounting(): Throttles & { taken: string[] } {
  const taken: string[] = [];
  const throttle: Throttle = {
    take: async (key) => {
      taken.push(key);
      return 0;
    },
    waitMs: async () => 0,
    count: async () => taken.length,
    reset: async () => undefined,
    resetPrefix: async () => undefined,
    enforce: async () => undefined,
  };
  return { taken, throttle: () => throttle, purgeExpired: async () => 0 };
}

function setUp(options: {
  subject?: DeletionSubject;
  provider?: string;
  now: Date;
  revoke?: () => Promise<boolean>;
  send?: (message: MailMessage) => Promise<void>;
}) {
  const deleted: string[] = [];
  const mails: MailMessage[] = [];
  const sessionsEnded: string[] = [];
  const repo = {
    findSubject: async (id: string) => (deleted.includes(id) ? undefined : (options.subject ?? googleOnly)),
    sessionSignIn: async () => ({ provider: options.provider ?? 'google', createdAt: SIGNED_IN_AT }),
    stravaConnected: async () => false,
    deleteAccount: async (id: string) => {
      if (deleted.includes(id)) return undefined;
      deleted.push(id);
      return { importIds: [], storedPaths: [] };
    },
    deleteLateJobs: async () => undefined,
    deleteOrphanJobs: async () => 0,
  } satisfies AccountDeletionRepo;
  const throttles = throttlesCounting();
  const service = createAccountDeletionService({
    repo,
    sessions: { destroyAllFor: async (id) => void sessionsEnded.push(id) },
    mailer: { send: options.send ?? (async (message) => void mails.push(message)) },
    revokeStrava: options.revoke ?? (async () => false),
    throttles,
    uploadDir: '/nonexistent/kairo-test-uploads',
    log: silentLog,
    now: () => options.now,
  });
  return { service, deleted, mails, sessionsEnded, throttles };
}

const requester = { accountId: 'acc-1', sid: 'sid-1' };

describe('deleting a Google-only account', () => {
  it('counts a Google sign-in as fresh for 10 minutes, to the second', async () => {
    expect((await setUp({ now: minutesAfterSignIn(10) }).service.check(requester)).signInFresh).toBe(true);
    expect((await setUp({ now: minutesAfterSignIn(10 + 1 / 60) }).service.check(requester)).signInFresh).toBe(false);
  });

  it('refuses a session that did not come from Google, however recent', async () => {
    const { service, deleted } = setUp({ now: minutesAfterSignIn(1), provider: 'strava' });
    await expect(service.deleteAccount(requester, { email: googleOnly.email })).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/sign in with Google again/) });
    expect(deleted).toEqual([]);
  });

  it('refuses another address and counts the attempt, deleting nothing', async () => {
    const { service, deleted, throttles } = setUp({ now: minutesAfterSignIn(1) });
    await expect(service.deleteAccount(requester, { email: 'someone@example.test' })).rejects.toMatchObject({ code: 'forbidden' });
    expect(deleted).toEqual([]);
    expect(throttles.taken).toEqual(['acc-1']);
  });

  it('deletes with the address in any case, ends the sessions and mails the confirmation', async () => {
    const { service, deleted, mails, sessionsEnded } = setUp({ now: minutesAfterSignIn(9) });
    expect(await service.deleteAccount(requester, { email: 'GIL@example.test' })).toEqual({ email: 'gil@example.test' });
    expect(deleted).toEqual(['acc-1']);
    expect(sessionsEnded).toEqual(['acc-1']);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([['gil@example.test', 'Your Kairo account has been deleted']]);
    expect(mails[0]!.text).not.toContain('Strava');
    // A second request finds no account: 401, as for a session that is gone.
    await expect(service.deleteAccount(requester, { email: 'gil@example.test' })).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});

describe('what cannot keep an account alive', () => {
  it('a refused Strava revocation: the account goes and the mail says how to end the access at Strava', async () => {
    const { service, deleted, mails } = setUp({ now: minutesAfterSignIn(1), revoke: async () => Promise.reject(new Error('Strava is down')) });
    await service.deleteAccount(requester, { email: googleOnly.email });
    expect(deleted).toEqual(['acc-1']);
    expect(mails[0]!.text).toContain('Strava could not be reached');
  });

  it('a mail that cannot be sent: the account is gone all the same', async () => {
    const { service, deleted } = setUp({ now: minutesAfterSignIn(1), send: async () => Promise.reject(new Error('SMTP down')) });
    await expect(service.deleteAccount(requester, { email: googleOnly.email })).resolves.toEqual({ email: googleOnly.email });
    expect(deleted).toEqual(['acc-1']);
  });
});

describe('deleting a password account', () => {
  it('asks for the password, refuses a wrong one and deletes with the right one, revoking Strava first', async () => {
    const subject = { ...googleOnly, hashedPassword: await hash('correct horse battery') };
    const order: string[] = [];
    const { service, deleted, mails } = setUp({
      subject,
      now: minutesAfterSignIn(600),
      provider: 'password',
      revoke: async () => {
        order.push(`revoked while ${deleted.length} deleted`);
        return true;
      },
    });
    expect(await service.check(requester)).toEqual({ confirmWith: 'password', signInFresh: null, stravaConnected: false });
    await expect(service.deleteAccount(requester, { email: googleOnly.email })).rejects.toMatchObject({ code: 'bad_request', message: 'Enter your password' });
    await expect(service.deleteAccount(requester, { password: 'wrong horse' })).rejects.toMatchObject({ code: 'forbidden' });
    expect(deleted).toEqual([]);
    await service.deleteAccount(requester, { password: 'correct horse battery' });
    expect(order).toEqual(['revoked while 0 deleted']);
    expect(deleted).toEqual(['acc-1']);
    expect(mails[0]!.text).toContain('the authorization was revoked with Strava');
  });
});
