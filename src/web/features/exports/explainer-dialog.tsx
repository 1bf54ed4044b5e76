import type { ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';
import { Dialog, type DialogOpenState } from '../../ui/dialog.tsx';

interface ExplainerDialogProps extends DialogOpenState {
  title: string;
  description: string;
  children: ReactNode;
  className?: string;
}

/** A dialog that only explains something: its text, and 'Got it' to close it. */
export function ExplainerDialog({ open, onOpenChange, title, description, children, className }: ExplainerDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description} className={className}>
      <div className="mt-5 text-sm text-fg">{children}</div>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Got it
        </Button>
      </div>
    </Dialog>
  );
}
