import { useState, type FormEvent } from 'react';
import { forgotPasswordBody } from '../../../shared/api/auth.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { useForgotPassword } from './api/forgot-password.ts';
import { EmailField, SubmitButton } from './auth-fields.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { firstFieldErrors } from './field-errors.ts';

export function ForgotPasswordScreen() {
  const forgotPassword = useForgotPassword();
  const [emailError, setEmailError] = useState<string | undefined>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = forgotPasswordBody.safeParse({ email: new FormData(event.currentTarget).get('email') });
    if (!parsed.success) {
      setEmailError(firstFieldErrors(parsed.error).email);
      return;
    }
    setEmailError(undefined);
    forgotPassword.mutate(parsed.data);
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email you signed up with and we will send you a link to set a new password."
      otherScreen={{ question: 'Remembered it?', href: '/login', link: 'Back to sign in' }}
    >
      {forgotPassword.isSuccess ? (
        // The server answers the same whether or not the account exists, so this reveals nothing.
        <Alert tone="success">{forgotPassword.data.message}</Alert>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          {forgotPassword.isError && (
            <Alert tone="error">{userFacingMessage(forgotPassword.error, 'We could not send the reset link. Please try again.')}</Alert>
          )}
          <EmailField error={emailError} />
          <SubmitButton pending={forgotPassword.isPending} label="Send reset link" pendingLabel="Sending..." />
        </form>
      )}
    </AuthLayout>
  );
}
