import type { FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { useConfirmEmail } from './api/confirm-email.ts';
import { useCurrentUser } from './api/current-user.ts';
import { useLogout } from './api/logout.ts';
import { SubmitButton } from './auth-fields.tsx';
import { AuthLayout } from './auth-layout.tsx';

/**
 * Opened from the e-mailed link `/confirm-email?token=...`. Opening it changes nothing (mail
 * scanners fetch links): the person presses "Confirm my e-mail address", which creates the account,
 * signs it in and goes on to Home. Someone signed in to an account is told so and signs out first;
 * their session is never swapped for the link's account (ADR 0004). The link works once.
 */
export function ConfirmEmailScreen() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const [, navigate] = useLocation();
  const currentUser = useCurrentUser();
  const confirm = useConfirmEmail();
  const logout = useLogout();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    confirm.mutate({ token }, { onSuccess: () => navigate('/', { replace: true }) });
  }

  const signedInAs = currentUser.data;
  const failure =
    token === '' ? 'This confirmation link is incomplete. Open the link from the email again.' : confirm.isError ? userFacingMessage(confirm.error, 'Confirmation failed') : undefined;

  return (
    <AuthLayout
      title="Confirm your email"
      subtitle="Your account is created as soon as your address is confirmed."
      otherScreen={{ question: 'Link expired?', href: '/register', link: 'Register again' }}
    >
      {confirm.isSuccess || currentUser.isPending ? (
        <p className="text-sm text-fg-muted" role="status">
          {confirm.isSuccess ? 'Confirmed. Opening Kairo...' : 'Loading...'}
        </p>
      ) : signedInAs ? (
        <div className="flex flex-col gap-4">
          <Alert tone="error">
            You are signed in as {signedInAs.email}. This link creates a different account: sign out first, then confirm it. If you did not register a new
            account, close this page.
          </Alert>
          <Button size="lg" fullWidth disabled={logout.isPending} onClick={() => logout.mutate()}>
            {logout.isPending ? 'Signing out...' : 'Sign out'}
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          <SubmitButton pending={confirm.isPending} label="Confirm my e-mail address" pendingLabel="Confirming..." disabled={token === ''} />
        </form>
      )}
    </AuthLayout>
  );
}
