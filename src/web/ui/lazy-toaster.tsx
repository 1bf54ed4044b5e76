import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getToasts, subscribeToToasts } from './toast-store.ts';

const Toaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.Toaster })));

const hasToasts = () => getToasts().length > 0;

/**
 * Mounts the toast viewport once there is a toast to show. Radix Toast weighs about 10 KB
 * gzipped, and most visits (the landing page above all) never raise one.
 */
export function LazyToaster() {
  const needed = useSyncExternalStore(subscribeToToasts, hasToasts);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
