/**
 * The app's toast queue, outside React so any code (a mutation callback, say) can raise a toast.
 * Spec §9: at most one toast at a time; a dismissed toast stays mounted closed for 1,000,000 ms
 * (so its exit animation can finish) unless a newer one replaces it first.
 */
export type ToastTone = 'default' | 'error';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
  open: boolean;
}

export interface ToastInput {
  title: string;
  description?: string;
  tone?: ToastTone;
}

const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function forgetTimer(id: number): void {
  const timer = removalTimers.get(id);
  if (timer === undefined) return;
  clearTimeout(timer);
  removalTimers.delete(id);
}

/** Shows a toast, replacing the one on screen. Returns its id. */
export function showToast({ title, description, tone = 'default' }: ToastInput): number {
  const id = nextId++;
  const kept = [{ id, title, description, tone, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  for (const dropped of toasts) if (!kept.includes(dropped)) forgetTimer(dropped.id);
  publish(kept);
  return id;
}

/** Closes a toast now and removes it after the removal delay. */
export function dismissToast(id: number): void {
  if (!toasts.some((toast) => toast.id === id && toast.open)) return;
  publish(toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((toast) => toast.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
