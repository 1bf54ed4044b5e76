import clsx from 'clsx';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

interface AlertProps {
  tone: 'error' | 'success';
  children: ReactNode;
  className?: string;
}

/** An inline message. Errors interrupt assistive tech (role=alert); good news waits its turn (role=status). */
export function Alert({ tone, children, className }: AlertProps) {
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(
        'flex items-start gap-3 rounded-lg border px-4 py-3 text-sm',
        tone === 'error' ? 'border-danger/40 bg-danger/10 text-fg' : 'border-success/40 bg-success/10 text-fg',
        className,
      )}
    >
      <Icon aria-hidden className={clsx('mt-0.5 size-4 shrink-0', tone === 'error' ? 'text-danger' : 'text-success')} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
