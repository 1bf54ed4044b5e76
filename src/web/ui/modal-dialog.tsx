import clsx from 'clsx';
import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useReturnFocus } from './return-focus.ts';

export interface DialogProps {
  open: boolean;
  /** Without it the dialog cannot be dismissed (Escape and outside clicks do nothing): a blocking step. */
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
  className?: string;
  /** A wide dialog for a form: up to 42 rem across, and the whole screen on a phone. */
  wide?: boolean;
  /**
   * A dialog that is one short form: on opening, focus goes to its first field, so the keyboard
   * types at once (the field's label and the dialog's title are both announced).
   */
  focusFirstField?: boolean;
}

/**
 * A modal dialog: focus is trapped inside and the page behind is inert and dimmed. A dismissible
 * one (with onOpenChange) also has a close button in its corner.
 */
export function ModalDialog({ open, onOpenChange, title, description, children, className, wide = false, focusFirstField = false }: DialogProps) {
  const focus = useReturnFocus(focusFirstField ? 'input, select, textarea' : null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-canvas/70 backdrop-blur-sm" />
        <RadixDialog.Content
          // Focus lands on the dialog itself, so its title is announced and no action (say,
          // 'Log out') looks preselected; Tab then walks the actions in order. A short form's
          // dialog puts it in its first field instead. Closing it returns focus to the button
          // that opened it.
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className={clsx(
            'fixed z-50 overflow-y-auto bg-surface shadow-2xl shadow-black/60 outline-none',
            wide
              ? 'inset-0 p-5 sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[calc(100svh-2rem)] sm:w-[calc(100vw-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border sm:border-line sm:p-8'
              : 'top-1/2 left-1/2 max-h-[calc(100svh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line p-6 sm:p-8',
            className,
          )}
        >
          {onOpenChange && (
            <RadixDialog.Close
              aria-label="Close"
              className="absolute top-4 right-4 rounded-md p-1.5 text-fg-subtle transition-colors hover:bg-surface-raised hover:text-fg"
            >
              <X aria-hidden className="size-5" />
            </RadixDialog.Close>
          )}
          <RadixDialog.Title className="pr-8 text-xl font-semibold tracking-tight text-fg">{title}</RadixDialog.Title>
          <RadixDialog.Description className="mt-1.5 text-sm text-fg-muted">{description}</RadixDialog.Description>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
