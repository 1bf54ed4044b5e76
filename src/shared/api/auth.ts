import { z } from 'zod';
import { accountPlans } from '../domain/account-plan.ts';

/** Request and response contracts of the account endpoints (spec §5, §7). */
const email = z
  .string({ error: 'Invalid email address' })
  .trim()
  .max(254, 'Invalid email address')
  .pipe(z.email({ error: 'Invalid email address' }))
  .transform((value) => value.toLowerCase());

const newPassword = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  .max(256, 'Password must be at most 256 characters');

const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    // Names are copied into mails and headings: one line, no control characters (ADR 0004).
    .refine((value) => !/[\p{Cc}\p{Zl}\p{Zp}]/u.test(value), `${label} must be a single line without line breaks`);

export const loginBody = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256, 'Password is required'),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Server-managed fields (plan, payment, counters) are never taken from the client: strict object. */
export const registerBody = z.strictObject(
  {
    email,
    password: newPassword,
    firstName: personName('First name'),
    lastName: personName('Last name'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined) },
);
export type RegisterBody = z.infer<typeof registerBody>;

/**
 * Registration where mail is delivered (SMTP_URL): the account exists once its address is confirmed,
 * and a taken address gets the same answer (ADR 0053). Where no mail can be delivered, registration
 * signs in at once and answers the user instead.
 */
export const registrationPending = z.object({
  pending: z.literal('confirm-email'),
  message: z.string(),
});
export type RegistrationPending = z.infer<typeof registrationPending>;

export const confirmEmailBody = z.object({
  token: z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200, 'Invalid or expired confirmation link'),
});
export type ConfirmEmailBody = z.infer<typeof confirmEmailBody>;

export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const resetPasswordBody = z.object({
  token: z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200, 'Invalid or expired reset link'),
  password: newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const authUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImage: z.string().nullable(),
  plan: z.enum(accountPlans),
  trialExpiryDate: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUser>;

export const messageResponse = z.object({ message: z.string() });
export const registerResponse = z.union([authUser, registrationPending]);
export type RegisterResponse = z.infer<typeof registerResponse>;
export type MessageResponse = z.infer<typeof messageResponse>;
