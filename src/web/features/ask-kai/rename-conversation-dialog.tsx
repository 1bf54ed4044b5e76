import { useState } from 'react';
import { CONVERSATION_TITLE_MAX_CHARS, type ConversationSummary } from '../../../shared/api/coach-conversations.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { DialogForm } from '../../ui/dialog-form.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useRenameConversation } from './api/conversations.ts';

/** A new title for a conversation; the dialog stays open with the server's message when it is refused. */
export function RenameConversationDialog({ conversation, onClose }: { conversation: ConversationSummary | null; onClose: () => void }) {
  const rename = useRenameConversation();
  const close = () => {
    if (rename.isPending) return;
    rename.reset();
    onClose();
  };
  return (
    <Dialog open={conversation !== null} onOpenChange={(open) => !open && close()} title="Rename conversation" description="A title you will recognise in the list.">
      {conversation && (
        <TitleForm
          key={conversation.id}
          initial={conversation.title}
          saving={rename.isPending}
          error={rename.isError ? userFacingMessage(rename.error, 'The conversation could not be renamed. Please try again.') : null}
          onCancel={close}
          onSave={(title) => rename.mutate({ id: conversation.id, title }, { onSuccess: () => onClose() })}
        />
      )}
    </Dialog>
  );
}

interface TitleFormProps {
  initial: string;
  saving: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: (title: string) => void;
}

function TitleForm({ initial, saving, error, onCancel, onSave }: TitleFormProps) {
  const [title, setTitle] = useState(initial);
  const trimmed = title.trim();
  const tooLong = trimmed.length > CONVERSATION_TITLE_MAX_CHARS;
  return (
    <DialogForm onCancel={onCancel} onSave={() => onSave(trimmed)} saveDisabled={saving || trimmed === '' || tooLong || trimmed === initial}>
      <TextField
        label="Title"
        value={title}
        autoFocus
        onChange={(event) => setTitle(event.target.value)}
        error={tooLong ? `A title is at most ${CONVERSATION_TITLE_MAX_CHARS} characters` : undefined}
      />
      {error && (
        <Alert tone="error">
          <p>{error}</p>
        </Alert>
      )}
    </DialogForm>
  );
}
