import clsx from 'clsx';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

interface AlertProps {
  tone: 'error' | 'success';
  children: ReactNode;
  className?: string;
  /** A way out under the message, e.g. Retry. */
  action?: { label: string; onClick: () => void };
}

/** An inline message. Errors interrupt assistive tech (role=alert); good news waits its turn (role=status). */
export function Alert({ tone, children, className, action }: AlertProps) {
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
      <div className="min-w-0 flex-1">
        {children}
        {action && (
          <Button variant="secondary" size="sm" className="mt-3" onClick={action.onClick}>
            {action.label}
          </Button>
        )}
      </div>
    </div>
  );
}
