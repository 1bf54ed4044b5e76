import { Slot } from 'radix-ui';
import { lazy, Suspense, useContext, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { MenuItemRenderer, type DropdownMenuItemProps } from './dropdown-menu-item.ts';

const loadMenu = () => import('./radix-dropdown-menu.tsx');
const RadixMenu = lazy(() => loadMenu().then((module) => ({ default: module.RadixMenu })));

interface DropdownMenuProps {
  /** The button that opens the menu; must accept a ref and Radix's handlers. */
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
}

/** The keys that open a menu from its button, as Radix's trigger has them. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A menu of actions under a button; choosing an entry closes it (Radix handles keys and focus).
 * The menu machinery (Radix Menu and its positioning, ~10 KB compressed) loads when a menu is
 * first opened, or fetched as the pointer or focus reaches the button (ADR 0054): until then the
 * button opens it as Radix's trigger would, on pointer down or Enter, Space or Arrow Down. From
 * then on Radix's menu stays mounted.
 */
export function DropdownMenu({ trigger, children, align = 'end' }: DropdownMenuProps) {
  const [used, setUsed] = useState(false);
  if (used) {
    return (
      <Suspense fallback={trigger}>
        <RadixMenu trigger={trigger} align={align}>
          {children}
        </RadixMenu>
      </Suspense>
    );
  }
  const prefetch = () => void loadMenu();
  return (
    <Slot.Root
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onPointerDown={(event: PointerEvent) => {
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        setUsed(true);
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        setUsed(true);
      }}
    >
      {trigger}
    </Slot.Root>
  );
}

/** One entry of a DropdownMenu; only ever rendered inside an open menu. */
export function DropdownMenuItem(props: DropdownMenuItemProps) {
  const renderItem = useContext(MenuItemRenderer);
  if (renderItem === null) throw new Error('DropdownMenuItem must be inside a DropdownMenu');
  return renderItem(props);
}
