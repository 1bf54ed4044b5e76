import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser, LoginBody, RegisterBody, ResetPasswordBody } from '../../../shared/api/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { Throttles } from '../../http/rate-limit.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailGreeting } from '../../mail/greeting.ts';
import type { RequestMeta } from '../../http/request-meta.ts';
import { createLoginThrottle } from './login-throttle.ts';
import type { AccountRow, AuthRepo } from './repo.ts';
import { assertStrongPassword } from './password-rule.ts';
import type { SessionAccount, SessionOrigin, SessionStore } from '../../http/sessions.ts';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** How long a confirmation link of a registration works. */
const CONFIRMATION_TTL_MS = 24 * 60 * 60_000;
const MINUTE_MS = 60_000;

export const LOGIN_FAILED_MESSAGE = 'Invalid email or password';
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email address, we have sent a link to reset its password.';
export const RESET_DONE_MESSAGE = 'Your password has been reset. Sign in with your new password.';
const RESET_INVALID_MESSAGE = 'This reset link is invalid or has expired. Request a new one.';
export const CONFIRM_EMAIL_MESSAGE =
  'We have sent a link to that address to finish creating your account. It works for 24 hours; if it has not arrived in a few minutes, look in your spam folder.';
export const CONFIRM_WHILE_SIGNED_IN_MESSAGE =
  'You are signed in to another Kairo account. Sign out first, then open the link again to confirm this address.';
const CONFIRMATION_INVALID_MESSAGE = 'This confirmation link is invalid, used or expired. Register again to get a new one.';
const ADDRESS_TAKEN_MESSAGE = 'An account with this email address already exists. Sign in, or reset your password.';


export interface SignedIn {
  user: AuthUser;
  /** The cookie to set. */
  session: { token: string; expiresAt: Date };
}

/**
 * What a registration leads to: signed in at once where no mail can be delivered, else a
 * confirmation mail, whether or not the address already has an account (ADR 0053).
 */
export type Registration = ({ kind: 'signed-in' } & SignedIn) | { kind: 'confirm-email'; message: string };

export function toAuthUser(account: SessionAccount | AccountRow): AuthUser {
  const fullName = [account.firstName, account.lastName].filter(Boolean).join(' ').trim();
  return {
    id: account.id,
    email: account.email,
    name: fullName || account.email.split('@')[0] || account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    profileImage: account.profileImage,
    plan: account.plan,
    trialExpiryDate: account.trialExpiryDate ? account.trialExpiryDate.toISOString() : null,
  };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createAuthService(deps: {
  repo: AuthRepo;
  sessions: SessionStore;
  mailer: Mailer;
  publicUrl: () => string;
  sessionAbsoluteMs: number;
  log: FastifyBaseLogger;
  throttles: Throttles;
  /**
   * Mail reaches people (SMTP_URL): registration confirms the address by e-mail before the account
   * exists, so its answer says nothing about the address. Without it (the dev outbox) registration
   * signs in at once.
   */
  confirmRegistrations: boolean;
}) {
  const { repo, sessions, mailer, throttles } = deps;
  const loginFailures = createLoginThrottle(throttles);
  const pending = new Set<Promise<void>>();
  const loginAttemptsByIp = throttles.throttle('login-attempts-by-ip', { limit: 100, windowMs: 15 * MINUTE_MS });
  const registrationsByIp = throttles.throttle('registrations-by-ip', { limit: 30, windowMs: 60 * MINUTE_MS });
  const resetRequestsByEmail = throttles.throttle('reset-requests-by-email', { limit: 3, windowMs: 60 * MINUTE_MS });
  const resetRequestsByIp = throttles.throttle('reset-requests-by-ip', { limit: 20, windowMs: 60 * MINUTE_MS });
  // Verifying against a real hash on unknown e-mails keeps the timing of both answers alike.
  const dummyHash = hash(randomBytes(16).toString('hex'), ARGON2_OPTIONS);

  async function startSession(account: AccountRow, origin: SessionOrigin, meta: RequestMeta): Promise<SignedIn> {
    const session = await sessions.create(account, origin, meta.userAgent);
    return { user: toAuthUser(account), session };
  }

  async function sendResetLink(email: string): Promise<void> {
    const account = await repo.findAccountByEmail(email);
    if (!account) return;
    const token = randomBytes(32).toString('base64url');
    await repo.insertPasswordReset({
      accountId: account.id,
      email: account.email,
      token: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    const link = `${deps.publicUrl()}/reset-password?token=${token}`;
    await mailer.send({
      to: account.email,
      subject: 'Reset your Kairo password',
      text: [
        mailGreeting(account.firstName),
        '',
        'Someone asked to reset the password of your Kairo account. Choose a new one here:',
        link,
        '',
        'The link works once and expires in 1 hour. If you did not ask for it, ignore this message.',
      ].join('\n'),
      actionUrl: link,
    });
  }

  /** The confirmation link for a fresh address; for a taken one, a note to its owner instead (the link is dropped). */
  async function sendRegistrationMail(body: RegisterBody, token: string): Promise<void> {
    const existing = await repo.findAccountByEmail(body.email);
    if (existing) {
      await repo.deletePendingRegistrations({ tokenHash: hashToken(token) });
      const forgotUrl = `${deps.publicUrl()}/forgot-password`;
      await mailer.send({
        to: body.email,
        subject: 'Someone tried to create a Kairo account with your email',
        text: [
          mailGreeting(existing.firstName),
          '',
          'Someone, perhaps you, tried to create a new Kairo account with this email address.',
          'You already have an account. Sign in, or reset your password here:',
          forgotUrl,
          '',
          'If it was not you, you can ignore this message.',
        ].join('\n'),
        actionUrl: forgotUrl,
      });
      return;
    }
    const link = `${deps.publicUrl()}/confirm-email?token=${token}`;
    await mailer.send({
      to: body.email,
      subject: 'Confirm your email to finish creating your Kairo account',
      // The address is not yet shown to be the registrant's: nothing they typed goes into the mail
      // but the address itself, so the form cannot send a stranger a message of its author's (ADR 0004).
      text: [
        'Hi there,',
        '',
        'Welcome to Kairo. Confirm this email address to finish creating your account:',
        link,
        '',
        'The link works once and expires in 24 hours. If you did not sign up, ignore this message.',
      ].join('\n'),
      actionUrl: link,
    });
  }

  /** Work the answer must not wait for (its duration would tell whether an account exists). */
  function inBackground(what: string, work: () => Promise<void>): void {
    const running = work()
      .catch((error: unknown) => deps.log.error({ err: error }, `${what} failed`))
      .finally(() => pending.delete(running));
    pending.add(running);
  }

  return {
    /**
     * Where mail is delivered, both a fresh and a taken address do the same work before the answer
     * (the password hashed, a pending registration stored) and get the same answer with no cookie;
     * which mail goes out is decided after the answer. Without mail there is no one to tell, so a
     * fresh address is signed in at once and a taken one told so (ADR 0053).
     */
    async register(body: RegisterBody, meta: RequestMeta): Promise<Registration> {
      await registrationsByIp.enforce(meta.ip, 'Too many registrations from this network. Try again later.');
      assertStrongPassword(body.password, [body.email, body.firstName, body.lastName]);
      const hashedPassword = await hash(body.password, ARGON2_OPTIONS);
      if (!deps.confirmRegistrations) {
        const account = await repo.insertAccount({
          email: body.email,
          hashedPassword,
          firstName: body.firstName,
          lastName: body.lastName,
          emailVerified: false,
        });
        if (!account) throw new AppError('conflict', ADDRESS_TAKEN_MESSAGE);
        return { kind: 'signed-in', ...(await startSession(account, 'register', meta)) };
      }
      const token = randomBytes(32).toString('base64url');
      await repo.insertPendingRegistration({
        email: body.email,
        hashedPassword,
        firstName: body.firstName,
        lastName: body.lastName,
        token: hashToken(token),
        expiresAt: new Date(Date.now() + CONFIRMATION_TTL_MS),
      });
      inBackground('registration mail', () => sendRegistrationMail(body, token));
      return { kind: 'confirm-email', message: CONFIRM_EMAIL_MESSAGE };
    },

    /** The link of a registration's mail: the account is created, its address verified, and signed in. */
    async confirmRegistration(token: string, meta: RequestMeta): Promise<SignedIn> {
      const pending = await repo.consumePendingRegistration(hashToken(token), new Date());
      if (!pending) throw new AppError('bad_request', CONFIRMATION_INVALID_MESSAGE);
      await repo.deletePendingRegistrations({ email: pending.email });
      const account = await repo.insertAccount({
        email: pending.email,
        hashedPassword: pending.hashedPassword,
        firstName: pending.firstName,
        lastName: pending.lastName,
        emailVerified: true,
      });
      // The address got an account after this registration was sent (another link, Google).
      if (!account) throw new AppError('conflict', ADDRESS_TAKEN_MESSAGE);
      return startSession(account, 'register', meta);
    },

    /** Deletes pending registrations whose links have expired (housekeeping). */
    purgeExpiredRegistrations: () => repo.purgeExpiredPendingRegistrations(new Date()),

    async login(body: LoginBody, meta: RequestMeta): Promise<SignedIn> {
      await loginAttemptsByIp.enforce(meta.ip, 'Too many sign-in attempts. Try again in a few minutes.');
      await loginFailures.enforceForClient(body.email, meta.ip);
      await loginFailures.slowDown(body.email);
      const account = await repo.findAccountByEmail(body.email);
      const valid = account?.hashedPassword
        ? await verify(account.hashedPassword, body.password)
        : await verify(await dummyHash, body.password).then(() => false);
      if (!account || !valid) {
        await loginFailures.record(body.email, meta.ip);
        throw new AppError('unauthenticated', LOGIN_FAILED_MESSAGE);
      }
      await loginFailures.forgetClient(body.email, meta.ip);
      return startSession(account, 'password', meta);
    },

    /** Signs in an account another feature has authenticated (Strava: the athlete linked to it). */
    async signInLinkedAccount(accountId: string, origin: 'strava', meta: RequestMeta): Promise<SignedIn> {
      const account = await repo.findAccountById(accountId);
      if (!account) throw new AppError('not_found', 'Account not found');
      return startSession(account, origin, meta);
    },

    /** Resolves once the mails sent after an answer are out (shutdown waits for them). */
    async settled(): Promise<void> {
      await Promise.all([...pending]);
    },

    async logout(sid: string): Promise<void> {
      await sessions.destroy(sid);
    },

    /**
     * Answers at once and does the work after: whether the address has an account decides how much
     * work there is (a row, a mail), and the answer's timing must not tell.
     */
    async forgotPassword(email: string, meta: RequestMeta): Promise<void> {
      await resetRequestsByIp.enforce(meta.ip, 'Too many reset requests. Try again later.');
      // Over the per-address limit the answer stays the same; the mail is simply not sent again.
      if ((await resetRequestsByEmail.take(email)) > 0) return;
      inBackground('password reset mail', () => sendResetLink(email));
    },

    async resetPassword(body: ResetPasswordBody): Promise<void> {
      // Checked before the token is spent, so a rejected password leaves the link usable.
      assertStrongPassword(body.password);
      const reset = await repo.consumePasswordReset(hashToken(body.token), new Date());
      if (!reset) throw new AppError('bad_request', RESET_INVALID_MESSAGE);
      await repo.setPasswordAfterReset(reset.accountId, await hash(body.password, ARGON2_OPTIONS));
      // A new password ends every existing session and every other reset link, including an attacker's.
      await repo.invalidatePasswordResets(reset.accountId);
      await sessions.destroyAllFor(reset.accountId);
      await loginFailures.forgetAccount(reset.email);
    },

    /**
     * Signs in a person whose e-mail an identity provider has verified: by the linked provider
     * identity, else by the e-mail (linking it), else as a new account.
     */
    async signInWithProvider(
      identity: {
        provider: string;
        /** false: the provider does not really verify addresses, so it never claims an existing account. */
        trustedEmails: boolean;
        subject: string;
        email: string;
        firstName: string | null;
        lastName: string | null;
        picture: string | null;
      },
      meta: RequestMeta,
    ): Promise<SignedIn> {
      const linked = await repo.findOauthAccount(identity.provider, identity.subject);
      let account = linked ? await repo.findAccountById(linked.accountId) : await repo.findAccountByEmail(identity.email);
      if (account && !linked && !identity.trustedEmails) {
        throw new AppError('forbidden', 'This e-mail belongs to an existing account. Sign in with its password.');
      }
      if (!account) {
        account = await repo.insertAccount({
          email: identity.email,
          hashedPassword: null,
          firstName: identity.firstName,
          lastName: identity.lastName,
          profileImage: identity.picture,
          emailVerified: true,
        });
        // Lost a race with a parallel sign-in for the same address: use the account it created.
        account ??= await repo.findAccountByEmail(identity.email);
        if (!account) throw new AppError('conflict', 'Sign-in failed. Please try again.');
      } else if (!account.emailVerified) {
        // Whoever registered this address before never proved they own it: the provider-verified
        // owner takes the account over, and earlier sessions and password stop working.
        await repo.claimUnverifiedAccount(account.id, identity.picture);
        await repo.invalidatePasswordResets(account.id);
        await sessions.destroyAllFor(account.id);
      }
      await repo.linkOauthAccount({ accountId: account.id, provider: identity.provider, providerId: identity.subject });
      return startSession(account, 'google', meta);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
