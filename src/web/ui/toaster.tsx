import clsx from 'clsx';
import { X } from 'lucide-react';
import { Toast as RadixToast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToToasts } from './toast-store.ts';

/** Spec §9: toasts last 5 s, swipe right past 50 px to dismiss, F8 jumps to them. */
const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;
const VIEWPORT_HOTKEY = ['F8'];

/** Renders the toast queue in a fixed corner viewport. Mount once, at the app root. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToToasts, getToasts);
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={SWIPE_THRESHOLD_PX}>
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          className={clsx(
            'relative flex w-full items-start gap-3 rounded-xl border bg-surface-raised p-4 pr-10 shadow-2xl shadow-black/50',
            toast.tone === 'error' ? 'border-danger/60' : 'border-line-strong',
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out',
          )}
        >
          <div className="grid gap-1">
            <RadixToast.Title className={clsx('text-sm font-semibold', toast.tone === 'error' ? 'text-danger' : 'text-fg')}>
              {toast.title}
            </RadixToast.Title>
            {toast.description && <RadixToast.Description className="text-sm text-fg-muted">{toast.description}</RadixToast.Description>}
          </div>
          <RadixToast.Close
            aria-label="Dismiss notification"
            className="absolute top-3 right-3 rounded-md p-1 text-fg-subtle transition-colors hover:bg-line hover:text-fg"
          >
            <X aria-hidden className="size-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport
        hotkey={VIEWPORT_HOTKEY}
        className="fixed right-0 bottom-0 z-[60] flex w-full max-w-sm flex-col gap-2 p-4 outline-none sm:p-6"
      />
    </RadixToast.Provider>
  );
}
