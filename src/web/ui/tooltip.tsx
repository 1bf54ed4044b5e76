import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactNode } from 'react';

/** Needs a Radix Tooltip.Provider above it; AppLayout provides one with the spec §9 timing. */
interface TooltipProps {
  content: ReactNode;
  /** The trigger; must accept a ref and pointer/focus handlers (a button, link or focusable span). */
  children: ReactNode;
  /** Overrides the app-wide delay set on the provider (spec §9: 700 ms, 200 ms on icon buttons). */
  delayMs?: number;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

export function Tooltip({ content, children, delayMs, side = 'top' }: TooltipProps) {
  return (
    <RadixTooltip.Root delayDuration={delayMs}>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-w-64 rounded-md border border-line-strong bg-surface-raised px-2.5 py-1.5 text-xs font-medium text-fg shadow-lg shadow-black/40"
        >
          {content}
          <RadixTooltip.Arrow className="fill-surface-raised" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
