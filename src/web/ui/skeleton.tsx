import clsx from 'clsx';

/** A placeholder block for content that is on its way. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={clsx('animate-pulse rounded-md bg-surface-raised', className)} />;
}
