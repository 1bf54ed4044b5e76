import { z } from 'zod';

/** Request and response contracts of deleting one's own account (issue 31, ADR 0075). */

/** How long a Google sign-in counts as fresh enough to delete an account without a password. */
export const FRESH_SIGN_IN_MINUTES = 10;

/**
 * How the athlete proves it is them before the account goes: the password, or for an account
 * without one (Google only) the account's e-mail typed out, within FRESH_SIGN_IN_MINUTES of a
 * Google sign-in.
 */
export const accountDeletionCheck = z.object({
  confirmWith: z.enum(['password', 'email']),
  /** For `email`: whether this session's Google sign-in is recent enough; null for `password`. */
  signInFresh: z.boolean().nullable(),
  /** Whether Strava is connected (its authorization is revoked with Strava first). */
  stravaConnected: z.boolean(),
});
export type AccountDeletionCheck = z.infer<typeof accountDeletionCheck>;

export const deleteAccountBody = z.strictObject(
  {
    password: z.string().min(1, 'Enter your password').max(256, 'That password is not right. Nothing was deleted.').optional(),
    email: z.string().trim().min(1, 'Type your e-mail address').max(254, 'That is not the e-mail address of this account. Nothing was deleted.').optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined) },
);
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const accountDeletedResponse = z.object({
  message: z.string(),
  /** Where the confirmation mail went. */
  email: z.string(),
});
export type AccountDeletedResponse = z.infer<typeof accountDeletedResponse>;
