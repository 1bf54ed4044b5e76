import type { ApiTokenSummary } from '../../../shared/api/api-tokens.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { useRevokeApiToken } from './api/api-tokens.ts';

/** Asks before revoking: a script using the token stops working at once, and that cannot be undone. */
export function RevokeTokenDialog({ token, onClose }: { token: ApiTokenSummary | null; onClose: () => void }) {
  const revoke = useRevokeApiToken();

  function close(next: boolean) {
    if (next || revoke.isPending) return;
    revoke.reset();
    onClose();
  }

  return (
    <Dialog
      open={token !== null}
      onOpenChange={close}
      title={`Revoke “${token?.name ?? ''}”?`}
      description="Anything using this token stops working at once. This cannot be undone; you can make a new token."
    >
      {revoke.isError && (
        <Alert tone="error" className="mt-4">
          <p>{userFacingMessage(revoke.error, 'The token could not be revoked. Please try again.')}</p>
        </Alert>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => close(false)} disabled={revoke.isPending}>
          Cancel
        </Button>
        <Button
          variant="danger"
          aria-busy={revoke.isPending || undefined}
          onClick={() => {
            if (!token || revoke.isPending) return;
            revoke.mutate(token.id, {
              onSuccess: () => {
                showToast({ title: `“${token.name}” revoked` });
                close(false);
              },
            });
          }}
        >
          {revoke.isPending ? 'Revoking…' : 'Revoke token'}
        </Button>
      </div>
    </Dialog>
  );
}
