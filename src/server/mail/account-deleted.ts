import { mailGreeting } from './greeting.ts';
import type { MailMessage } from './mailer.ts';

/** What became of the Strava authorization when the account was deleted. */
export type StravaRevocation = 'revoked' | 'failed' | 'not-connected';

/**
 * The confirmation that an account is gone (issue 31, ADR 0075). It says what was deleted, and
 * when Strava could not be reached to end Kairo's access, how the athlete ends it themselves: the
 * account is deleted either way, so that is the one thing left for them to do.
 */
export function accountDeletedMail(account: { email: string; firstName: string | null }, strava: StravaRevocation): MailMessage {
  const stravaLines: Record<StravaRevocation, string[]> = {
    revoked: ['Kairo no longer has access to your Strava account: the authorization was revoked with Strava.', ''],
    failed: [
      'Strava could not be reached to revoke Kairo’s access to your Strava account. Kairo keeps no',
      'Strava tokens any more, but to be sure, remove Kairo under Settings → My Apps on strava.com.',
      '',
    ],
    'not-connected': [],
  };
  return {
    to: account.email,
    subject: 'Your Kairo account has been deleted',
    text: [
      mailGreeting(account.firstName),
      '',
      'Your Kairo account has been deleted, as you asked. Everything it held is gone: your activities',
      'and uploaded files, their analyses, your training plans, wellness check-ins, coaching profile and',
      'settings. Every device you were signed in on has been signed out.',
      '',
      ...stravaLines[strava],
      'This cannot be undone. You are welcome to create a new account at any time.',
    ].join('\n'),
  };
}
