import { useState, type FormEvent } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { registerBody, type RegisterBody } from '../../../shared/api/auth.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { isPending, useRegister } from './api/register.ts';
import { EmailField, PasswordField, SubmitButton } from './auth-fields.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { firstFieldErrors } from './field-errors.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { OrDivider } from './or-divider.tsx';
import { returnPathFrom, withReturnParam } from './return-path.ts';
import { useAuth } from './use-auth.ts';

export function RegisterScreen() {
  const auth = useAuth();
  const [, navigate] = useLocation();
  const register = useRegister();
  const search = useSearch();
  const returnPath = returnPathFrom(search);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof RegisterBody, string>>>({});

  if (auth.status === 'authenticated') return <Redirect to={returnPath} replace />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = registerBody.safeParse({
      firstName: form.get('firstName'),
      lastName: form.get('lastName'),
      email: form.get('email'),
      password: form.get('password'),
    });
    if (!parsed.success) {
      setFieldErrors(firstFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
    register.mutate(parsed.data, {
      onSuccess: (answer) => {
        if (!isPending(answer)) navigate(returnPath, { replace: true });
      },
    });
  }

  if (register.isSuccess && isPending(register.data)) {
    return (
      <AuthLayout
        title="Check your email"
        subtitle="One more step: confirm your address."
        otherScreen={{ question: 'Already confirmed?', href: withReturnParam('/login', search), link: 'Sign in' }}
      >
        {/* The same answer whether or not the address already had an account: it reveals nothing. */}
        <Alert tone="success">{register.data.message}</Alert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Two minutes now, and every session after this one gets a coach's read."
      otherScreen={{ question: 'Already have an account?', href: withReturnParam('/login', search), link: 'Sign in' }}
    >
      <div className="flex flex-col gap-5">
        {register.isError && <Alert tone="error">{userFacingMessage(register.error, 'Registration failed')}</Alert>}
        <GoogleSignInButton />
        <OrDivider />
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="First name" name="firstName" autoComplete="given-name" error={fieldErrors.firstName} />
            <TextField label="Last name" name="lastName" autoComplete="family-name" error={fieldErrors.lastName} />
          </div>
          <EmailField error={fieldErrors.email} />
          <PasswordField purpose="new" error={fieldErrors.password} />
          <SubmitButton pending={register.isPending} label="Create account" pendingLabel="Creating account..." className="mt-1" />
        </form>
      </div>
    </AuthLayout>
  );
}
