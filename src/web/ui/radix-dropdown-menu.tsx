import clsx from 'clsx';
import { DropdownMenu as RadixDropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { MenuItemRenderer, type DropdownMenuItemProps } from './dropdown-menu-item.ts';

export interface RadixDropdownMenuProps {
  trigger: ReactNode;
  children: ReactNode;
  align: 'start' | 'end';
}

/** The menu itself, loaded when a menu is first opened (see dropdown-menu.tsx); it mounts open. */
export function RadixMenu({ trigger, children, align }: RadixDropdownMenuProps) {
  return (
    <RadixDropdownMenu.Root modal={false} defaultOpen>
      <RadixDropdownMenu.Trigger asChild>{trigger}</RadixDropdownMenu.Trigger>
      <RadixDropdownMenu.Portal>
        <RadixDropdownMenu.Content
          align={align}
          sideOffset={6}
          collisionPadding={8}
          className="z-50 min-w-60 max-w-[calc(100vw-1rem)] rounded-xl border border-line-strong bg-surface-raised p-1.5 shadow-2xl shadow-black/50"
        >
          <MenuItemRenderer value={renderMenuItem}>{children}</MenuItemRenderer>
        </RadixDropdownMenu.Content>
      </RadixDropdownMenu.Portal>
    </RadixDropdownMenu.Root>
  );
}

const renderMenuItem = (props: DropdownMenuItemProps) => <RadixMenuItem {...props} />;

function RadixMenuItem({ icon, label, hint, disabled, onSelect }: DropdownMenuItemProps) {
  return (
    <RadixDropdownMenu.Item
      disabled={disabled}
      onSelect={onSelect}
      className={clsx(
        'flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2.5 outline-none select-none',
        'data-[highlighted]:bg-line data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50',
      )}
    >
      <span aria-hidden className="mt-0.5 text-fg-muted">
        {icon}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-sm font-semibold text-fg">{label}</span>
        {hint && <span className="text-xs text-fg-muted">{hint}</span>}
      </span>
    </RadixDropdownMenu.Item>
  );
}
