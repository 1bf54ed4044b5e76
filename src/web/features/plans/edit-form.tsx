import type { ReactNode } from 'react';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';

interface EditFormProps {
  onSubmit: () => void;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal, shown in place above the buttons. */
  error: unknown;
  children: ReactNode;
}

/** A plan edit's form: its fields, the server's message when it refuses the edit, then Cancel and the edit's own button. */
export function EditForm({ onSubmit, onCancel, submitLabel, pending, error, children }: EditFormProps) {
  return (
    <form
      noValidate
      className="mt-5 flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) onSubmit();
      }}
    >
      {children}
      {error !== null && error !== undefined && (
        <Alert tone="error">
          <p>{userFacingMessage(error, 'The plan could not be changed. Try again.')}</p>
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" aria-busy={pending || undefined}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
