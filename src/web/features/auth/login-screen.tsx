import { useState, type FormEvent } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { loginBody, type LoginBody } from '../../../shared/api/auth.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { TextLink } from '../../ui/text-link.tsx';
import { useLogin } from './api/login.ts';
import { EmailField, PasswordField, SubmitButton } from './auth-fields.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { firstFieldErrors } from './field-errors.ts';
import { STRAVA_UNLINKED_ERROR } from '../../../shared/api/strava.ts';
import { GOOGLE_SIGN_IN_FAILED_ERROR } from './google-sign-in.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { loginNoticeState } from './login-notice.ts';
import { OrDivider } from './or-divider.tsx';
import { returnPathFrom, withReturnParam } from './return-path.ts';
import { useAuth } from './use-auth.ts';

export function LoginScreen() {
  const auth = useAuth();
  const [, navigate] = useLocation();
  const search = useSearch();
  const signInError = new URLSearchParams(search).get('error');
  // A deep link opened while signed out comes back here as ?next= (issue 12 item 6).
  const returnPath = returnPathFrom(search);
  const googleFailed = signInError === GOOGLE_SIGN_IN_FAILED_ERROR;
  const stravaUnlinked = signInError === STRAVA_UNLINKED_ERROR;
  const notice = loginNoticeState.safeParse(useHistoryState());
  const login = useLogin();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof LoginBody, string>>>({});

  if (auth.status === 'authenticated') return <Redirect to={returnPath} replace />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = loginBody.safeParse({ email: form.get('email'), password: form.get('password') });
    if (!parsed.success) {
      setFieldErrors(firstFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data, { onSuccess: () => navigate(returnPath, { replace: true }) });
  }

  return (
    <AuthLayout
      title="Sign in to Kairo"
      subtitle={
        returnPath === '/' ? 'Welcome back. Kai has been waiting for your next session.' : 'Sign in to open the page you followed a link to.'
      }
      otherScreen={{ question: 'New to Kairo?', href: withReturnParam('/register', search), link: 'Create an account' }}
    >
      <div className="flex flex-col gap-5">
        {login.isError ? (
          <Alert tone="error">{userFacingMessage(login.error, 'Login failed')}</Alert>
        ) : googleFailed ? (
          <Alert tone="error">Google sign-in failed. Please try again.</Alert>
        ) : stravaUnlinked ? (
          <Alert tone="error">
            This Strava athlete is not connected to a Kairo account yet. Sign in or create an account, then connect Strava.
          </Alert>
        ) : (
          notice.success && <Alert tone="success">{notice.data.notice}</Alert>
        )}
        <GoogleSignInButton />
        <OrDivider />
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          <EmailField error={fieldErrors.email} />
          <PasswordField purpose="current" error={fieldErrors.password} />
          <SubmitButton pending={login.isPending} label="Sign in" pendingLabel="Signing in..." className="mt-1" />
          {/* After the button, so the keyboard goes e-mail, password, sign in (issue 26). */}
          <p className="text-center text-sm">
            <TextLink href="/forgot-password">Forgot your password?</TextLink>
          </p>
        </form>
      </div>
    </AuthLayout>
  );
}
