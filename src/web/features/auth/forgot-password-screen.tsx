import { useState, type FormEvent } from 'react';
import { forgotPasswordBody } from '../../../shared/api/auth.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextLink } from '../../ui/text-link.tsx';
import { useForgotPassword } from './api/forgot-password.ts';
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
      footer={
        <>
          Remembered it? <TextLink href="/login">Back to sign in</TextLink>
        </>
      }
    >
      {forgotPassword.isSuccess ? (
        // The server answers the same whether or not the account exists, so this reveals nothing.
        <Alert tone="success">{forgotPassword.data.message}</Alert>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          {forgotPassword.isError && (
            <Alert tone="error">{userFacingMessage(forgotPassword.error, 'We could not send the reset link. Please try again.')}</Alert>
          )}
          <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" error={emailError} />
          <Button type="submit" size="lg" fullWidth disabled={forgotPassword.isPending}>
            {forgotPassword.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
