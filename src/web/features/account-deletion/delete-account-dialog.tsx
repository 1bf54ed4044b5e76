import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { FRESH_SIGN_IN_MINUTES } from '../../../shared/api/account-deletion.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { buttonClasses } from '../../ui/button-classes.ts';
import { Dialog, type DialogOpenState } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { GOOGLE_SIGN_IN_PATH } from '../auth/index.ts';
import { useAccountDeletionCheck, useDeleteAccount } from './api/account-deletion.ts';

/**
 * 'Delete my account' (issue 31, ADR 0075): says what goes, asks for the password (or, for an
 * account without one, the e-mail address within minutes of a Google sign-in), and deletes. The
 * server's refusal (a wrong password) shows under the field, and nothing is deleted.
 */
export function DeleteAccountDialog({ open, onOpenChange }: DialogOpenState) {
  const check = useAccountDeletionCheck(open);
  const [, navigate] = useLocation();
  const [secret, setSecret] = useState('');
  const [emptyError, setEmptyError] = useState<string | undefined>();
  const onDeleted = useCallback(
    (email: string) => {
      navigate('/');
      showToast({ title: 'Your account has been deleted', description: `A confirmation is on its way to ${email}.` });
    },
    [navigate],
  );
  const deletion = useDeleteAccount(onDeleted);
  const field = useRef<HTMLInputElement>(null);
  // A refusal is read out with the field it is about: the focus goes back there.
  useEffect(() => {
    if (deletion.error !== undefined) field.current?.focus();
  }, [deletion.error]);
  const confirmWith = check.data?.confirmWith;
  const mustSignInAgain = confirmWith === 'email' && check.data?.signInFresh === false;

  function close(next: boolean) {
    if (deletion.isPending) return;
    if (!next) {
      setSecret('');
      setEmptyError(undefined);
      deletion.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (deletion.isPending || !confirmWith) return;
    if (secret.trim() === '') {
      setEmptyError(confirmWith === 'password' ? 'Enter your password' : 'Type your e-mail address');
      field.current?.focus();
      return;
    }
    setEmptyError(undefined);
    void deletion.deleteAccount(confirmWith === 'password' ? { password: secret } : { email: secret });
  }

  const fieldError =
    emptyError ?? (deletion.error !== undefined ? userFacingMessage(deletion.error, 'Your account could not be deleted. Nothing was deleted; please try again.') : undefined);

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Delete your account?"
      description="This deletes your Kairo account and everything in it, for good. It cannot be undone."
    >
      <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-fg-muted">
        <li>Your activities, uploaded files, their analyses and Kai’s notes</li>
        <li>Your training plans, wellness check-ins, coaching profile and settings</li>
        {check.data?.stravaConnected && <li>Kairo’s access to your Strava account, revoked with Strava</li>}
        <li>Your sign-in on every device</li>
      </ul>
      <p className="mt-3 text-sm text-fg-muted">A confirmation goes to your e-mail address once it is done.</p>

      {check.isPending ? (
        <div className="mt-6 flex items-center gap-3 text-sm text-fg-muted">
          <Spinner />
          Loading...
        </div>
      ) : check.isError ? (
        <Alert tone="error" className="mt-6" action={{ label: 'Try again', onClick: () => void check.refetch() }}>
          {userFacingMessage(check.error, 'This could not be loaded.')}
        </Alert>
      ) : mustSignInAgain ? (
        <div className="mt-6 flex flex-col gap-4">
          <Alert tone="error">
            For your safety, sign in with Google again first. Then open this again within {FRESH_SIGN_IN_MINUTES} minutes to delete your account.
          </Alert>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <a href={GOOGLE_SIGN_IN_PATH} className={buttonClasses({ variant: 'primary' })}>
              Sign in with Google again
            </a>
          </div>
        </div>
      ) : (
        <form className="mt-6 flex flex-col gap-5" onSubmit={submit} noValidate>
          <TextField
            ref={field}
            label={confirmWith === 'password' ? 'Your password' : 'Type your e-mail address to confirm'}
            type={confirmWith === 'password' ? 'password' : 'email'}
            autoComplete={confirmWith === 'password' ? 'current-password' : 'off'}
            required
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            error={fieldError}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => close(false)} disabled={deletion.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={deletion.isPending}>
              {deletion.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
