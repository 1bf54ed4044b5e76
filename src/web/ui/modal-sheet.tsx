import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useReturnFocus } from './return-focus.ts';

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Extra buttons in the header, before the close button. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A drawer that slides in from the left edge: a modal dialog shaped for phones. */
export function ModalSheet({ open, onOpenChange, title, actions, children }: SheetProps) {
  const focus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-canvas/70 backdrop-blur-sm data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          aria-describedby={undefined}
          // Focus lands on the drawer itself (not its first button, whose tooltip would pop up);
          // closing it returns focus to the button that opened it.
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(22rem,calc(100vw-3rem))] flex-col border-r border-line bg-surface shadow-2xl shadow-black/60 outline-none data-[state=open]:animate-sheet-in"
        >
          <div className="flex h-14 shrink-0 items-center gap-1 border-b border-line pr-2 pl-4">
            <RadixDialog.Title className="flex-1 text-base font-semibold text-fg">{title}</RadixDialog.Title>
            {actions}
            <RadixDialog.Close
              aria-label="Close"
              className="inline-flex size-9 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-raised hover:text-fg"
            >
              <X aria-hidden className="size-5" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
