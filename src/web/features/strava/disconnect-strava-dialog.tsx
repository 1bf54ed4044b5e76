import { Button } from '../../ui/button.tsx';
import { Dialog, type DialogOpenState } from '../../ui/dialog.tsx';
import { useDisconnectStrava } from './api/disconnect-strava.ts';

/** Asks before disconnecting: it deletes every activity that came from Strava. */
export function DisconnectStravaDialog({ open, onOpenChange }: DialogOpenState) {
  const disconnect = useDisconnectStrava();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!disconnect.isPending) onOpenChange(next);
      }}
      title="Disconnect Strava?"
      description="Kairo stops syncing and deletes the activities it received from Strava. Activities you imported from files stay."
    >
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={disconnect.isPending}>
          Cancel
        </Button>
        <Button variant="danger" disabled={disconnect.isPending} onClick={() => disconnect.mutate(undefined, { onSettled: () => onOpenChange(false) })}>
          {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
        </Button>
      </div>
    </Dialog>
  );
}
