import { lazy, Suspense, useState } from 'react';
import type { SheetProps } from './modal-sheet.tsx';

const ModalSheet = lazy(() => import('./modal-sheet.tsx').then((module) => ({ default: module.ModalSheet })));

/**
 * A drawer that slides in from the left edge: a modal dialog shaped for phones. Like Dialog, it
 * loads at its first opening and returns focus to its opener when closed.
 */
export function Sheet(props: SheetProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ModalSheet {...props} />
    </Suspense>
  );
}
