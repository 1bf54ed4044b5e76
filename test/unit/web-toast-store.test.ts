import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ToastStoreModule from '../../src/web/ui/toast-store.ts';

type ToastStore = typeof ToastStoreModule;

describe('toast store (spec §9)', () => {
  let store: ToastStore;

  beforeEach(async () => {
    vi.useFakeTimers();
    // The store is module state: a fresh copy per test.
    vi.resetModules();
    store = await import('../../src/web/ui/toast-store.ts');
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows at most one toast: a new one replaces the one on screen', () => {
    store.showToast({ title: 'First' });
    const second = store.showToast({ title: 'Second', description: 'Details', tone: 'error' });
    expect(store.getToasts()).toEqual([{ id: second, title: 'Second', description: 'Details', tone: 'error', open: true }]);
  });

  it('closes a dismissed toast at once and removes it after 1,000,000 ms', () => {
    const id = store.showToast({ title: 'Saved' });
    store.dismissToast(id);
    expect(store.getToasts()).toMatchObject([{ id, open: false }]);
    vi.advanceTimersByTime(store.TOAST_REMOVE_DELAY_MS - 1);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toEqual([]);
  });

  it('does not let an old removal timer touch a newer toast', () => {
    const old = store.showToast({ title: 'Old' });
    store.dismissToast(old);
    const fresh = store.showToast({ title: 'Fresh' });
    vi.advanceTimersByTime(store.TOAST_REMOVE_DELAY_MS);
    expect(store.getToasts()).toMatchObject([{ id: fresh, open: true }]);
  });

  it('tells subscribers about every change, until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribeToToasts(listener);
    const id = store.showToast({ title: 'Hello' });
    store.dismissToast(id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.showToast({ title: 'Again' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('ignores dismissing a toast that is already closed or gone', () => {
    const listener = vi.fn();
    store.subscribeToToasts(listener);
    store.dismissToast(12345);
    expect(listener).not.toHaveBeenCalled();
  });
});
