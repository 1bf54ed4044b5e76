import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { resetPasswordBody } from '../../../shared/api/auth.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { useResetPassword } from './api/reset-password.ts';
import { PasswordField, SubmitButton } from './auth-fields.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { firstFieldErrors } from './field-errors.ts';
import type { LoginNoticeState } from './login-notice.ts';

/** Opened from the e-mailed link `/reset-password?token=...`. */
export function ResetPasswordScreen() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const resetPassword = useResetPassword();
  const [errors, setErrors] = useState<{ token?: string; password?: string }>({});
  const tokenError = token.trim() === '' ? 'Token is required' : errors.token;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = resetPasswordBody.safeParse({ token, password: new FormData(event.currentTarget).get('password') });
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    resetPassword.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        const state: LoginNoticeState = { notice: message };
        navigate('/login', { replace: true, state });
      },
    });
  }

  const failure = tokenError ?? (resetPassword.isError ? userFacingMessage(resetPassword.error, 'Password reset failed') : undefined);

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Pick a password you do not use anywhere else."
      otherScreen={{ question: 'Link expired?', href: '/forgot-password', link: 'Request a new one' }}
    >
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <PasswordField purpose="new" label="New password" error={errors.password} disabled={tokenError !== undefined} />
        <SubmitButton pending={resetPassword.isPending} label="Set new password" pendingLabel="Saving..." disabled={tokenError !== undefined} />
      </form>
    </AuthLayout>
  );
}
