import type { ConversationSummary } from '../../../shared/api/coach-conversations.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useDeleteConversations } from './api/conversations.ts';

/** What is about to be deleted: one conversation, or all of them. */
export type DeletionTarget = { kind: 'one'; conversation: ConversationSummary } | { kind: 'all' };

/**
 * Asks before deleting: a deleted conversation cannot be brought back. Deleting does not give
 * back the day's questions (the limit counts questions asked), so the dialog says so.
 */
export function DeleteConversationsDialog({ target, onClose, onDeleted }: { target: DeletionTarget | null; onClose: () => void; onDeleted: (target: DeletionTarget) => void }) {
  const remove = useDeleteConversations();
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  const all = target?.kind === 'all';
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      title={all ? 'Delete all conversations?' : `Delete “${target?.kind === 'one' ? target.conversation.title : ''}”?`}
      description={`${all ? 'Every conversation with Kai and its answers go' : 'The conversation and its answers go'} for good. Questions already asked today still count towards today's limit.`}
    >
      {remove.isError && (
        <Alert tone="error" className="mt-4">
          <p>{userFacingMessage(remove.error, 'Nothing was deleted. Please try again.')}</p>
        </Alert>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          variant="danger"
          aria-busy={remove.isPending || undefined}
          onClick={() => {
            if (!target || remove.isPending) return;
            remove.mutate(target.kind === 'all' ? null : target.conversation.id, {
              onSuccess: () => {
                remove.reset();
                onDeleted(target);
              },
            });
          }}
        >
          {remove.isPending ? 'Deleting…' : all ? 'Delete all' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
