import { createContext, type ReactNode } from 'react';

export interface DropdownMenuItemProps {
  icon: ReactNode;
  label: string;
  /** A second, smaller line under the label. */
  hint?: string;
  disabled?: boolean;
  onSelect: () => void;
}

/** Renders a menu entry with the loaded menu machinery (radix-dropdown-menu.tsx), for DropdownMenuItem. */
export const MenuItemRenderer = createContext<((props: DropdownMenuItemProps) => ReactNode) | null>(null);
