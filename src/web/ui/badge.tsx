import clsx from 'clsx';
import type { ReactNode } from 'react';

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline';

const variants: Record<BadgeVariant, string> = {
  default: 'border-transparent bg-accent text-accent-fg',
  secondary: 'border-transparent bg-surface-raised text-fg-muted',
  destructive: 'border-transparent bg-danger text-canvas',
  outline: 'border-line-strong text-fg-muted',
};

/** A small label: a plan's type, a gap's priority, the current phase. */
export function Badge({ variant = 'default', children, className }: { variant?: BadgeVariant; children: ReactNode; className?: string }) {
  return (
    <span className={clsx('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', variants[variant], className)}>
      {children}
    </span>
  );
}
