import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { useConfirmEmail } from './api/confirm-email.ts';
import { AuthLayout } from './auth-layout.tsx';

/**
 * Opened from the e-mailed link `/confirm-email?token=...`: finishes the registration (the account
 * is created and signed in) and goes on to Home. The link works once.
 */
export function ConfirmEmailScreen() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const [, navigate] = useLocation();
  const confirm = useConfirmEmail();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page, even when React runs effects twice: a second request would find the link used.
    if (sent.current || token === '') return;
    sent.current = true;
    confirm.mutate({ token }, { onSuccess: () => navigate('/', { replace: true }) });
  }, [confirm, navigate, token]);

  const failure =
    token === '' ? 'This confirmation link is incomplete. Open the link from the email again.' : confirm.isError ? userFacingMessage(confirm.error, 'Confirmation failed') : undefined;

  return (
    <AuthLayout
      title="Confirming your email"
      subtitle="Your account is created as soon as your address is confirmed."
      otherScreen={{ question: 'Link expired?', href: '/register', link: 'Register again' }}
    >
      {failure ? <Alert tone="error">{failure}</Alert> : <p className="text-sm text-fg-muted" role="status">Confirming...</p>}
    </AuthLayout>
  );
}
