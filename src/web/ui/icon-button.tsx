import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { Tooltip } from './tooltip.tsx';

/** Spec §9: icon buttons explain themselves faster than other tooltips. */
const ICON_TOOLTIP_DELAY_MS = 200;

interface IconButtonProps extends Omit<ComponentProps<'button'>, 'children' | 'aria-label'> {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  icon: ReactNode;
}

export function IconButton({ label, icon, className, type = 'button', ...props }: IconButtonProps) {
  return (
    <Tooltip content={label} delayMs={ICON_TOOLTIP_DELAY_MS}>
      <button
        type={type}
        aria-label={label}
        className={clsx(
          'inline-flex size-9 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-raised hover:text-fg',
          className,
        )}
        {...props}
      >
        {icon}
      </button>
    </Tooltip>
  );
}
