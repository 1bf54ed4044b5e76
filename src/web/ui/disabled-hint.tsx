import type { ReactNode } from 'react';
import { Tooltip } from './tooltip.tsx';

interface DisabledHintProps {
  /** Why the control is disabled; null when it is not, and then no tooltip is added. */
  hint: string | null;
  children: ReactNode;
  className?: string;
}

/**
 * Explains a disabled control in a tooltip. A disabled button gets no pointer or focus events, so
 * the tooltip hangs on a focusable wrapper that also carries the reason for screen readers.
 */
export function DisabledHint({ hint, children, className }: DisabledHintProps) {
  if (hint === null) return <>{children}</>;
  return (
    <Tooltip content={hint}>
      <span tabIndex={0} aria-label={hint} className={className ?? 'inline-flex rounded-md'}>
        {children}
      </span>
    </Tooltip>
  );
}
