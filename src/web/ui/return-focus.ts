import { useRef } from 'react';

/**
 * Focus handlers for a Radix dialog opened without its own Trigger (all of Kairo's are controlled):
 * on opening, the element that had focus is remembered and the dialog itself takes focus (so its
 * title is announced and no action looks preselected), or, given a selector, the first element in
 * it that matches (a short form's first field); on closing, focus goes back to that element
 * (WCAG 2.4.3), when it is still on the page.
 */
export function useReturnFocus(firstFocus: string | null = null) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      event.preventDefault();
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      if (!(event.currentTarget instanceof HTMLElement)) return;
      const first = firstFocus ? event.currentTarget.querySelector<HTMLElement>(firstFocus) : null;
      (first ?? event.currentTarget).focus();
    },
    onCloseAutoFocus(event: Event) {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
