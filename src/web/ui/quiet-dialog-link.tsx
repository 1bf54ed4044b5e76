import type { LucideIcon } from 'lucide-react';
import { useState, type ComponentType } from 'react';

type LazyDialogComponent = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }> & { preload(): void };

/**
 * A quiet link of the account panel ('Download my data', 'Delete my account') that opens a
 * lazyDialog: its module starts loading when the pointer or focus reaches the link.
 */
export function QuietDialogLink({ dialog: Dialog, icon: Icon, label, danger = false }: { dialog: LazyDialogComponent; icon: LucideIcon; label: string; danger?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={Dialog.preload}
        onFocus={Dialog.preload}
        className={`flex items-center justify-center gap-1.5 self-center rounded text-xs font-medium text-fg-subtle transition-colors ${danger ? 'hover:text-danger' : 'hover:text-fg'}`}
      >
        <Icon aria-hidden className="size-3.5" />
        {label}
      </button>
      <Dialog open={open} onOpenChange={setOpen} />
    </>
  );
}
