import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { AskFact } from '../../../shared/api/coach-conversations.ts';
import { placeTooltip } from '../../ui/tooltip.tsx';
import { factValueText, factWindowText } from './fact-details.ts';

/**
 * A figure in Kai's answer that shows the fact it came from: label, value and unit, window and
 * source. It is a button, so it shows on keyboard focus, on hover, and on a tap (a second tap or
 * Escape hides it); the card describes the button while it shows.
 */
export function FactMark({ fact }: { fact: AskFact }) {
  // The button while its card shows, null while hidden (the card is placed against it).
  const [shownAt, setShownAt] = useState<HTMLElement | null>(null);
  const open = shownAt !== null;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const setOpen = (show: boolean) => setShownAt(show ? triggerRef.current : null);
  // A press in progress (pointer down to click): focus arrives in its middle and must not decide.
  const press = useRef<{ pointerType: string; wasOpen: boolean } | null>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setShownAt(null);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !triggerRef.current?.contains(event.target)) setShownAt(null);
    };
    const onScroll = () => setShownAt(null);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('scroll', onScroll, { capture: true });
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [open]);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-describedby={open ? id : undefined}
        aria-expanded={open}
        data-fact={fact.key}
        onPointerDown={(event) => {
          press.current = { pointerType: event.pointerType, wasOpen: open };
        }}
        onClick={() => {
          const pressed = press.current;
          press.current = null;
          // A mouse already showed it on hover; a tap shows it or, tapped again, hides it; Enter toggles.
          if (pressed?.pointerType === 'mouse') setOpen(true);
          else setOpen(!(pressed ? pressed.wasOpen : open));
        }}
        onFocus={() => {
          if (press.current === null) setOpen(true);
        }}
        onBlur={() => {
          press.current = null;
          setOpen(false);
        }}
        onPointerEnter={(event) => {
          if (event.pointerType === 'mouse') setOpen(true);
        }}
        onPointerLeave={(event) => {
          if (event.pointerType === 'mouse') setOpen(false);
        }}
        className="inline rounded-sm font-semibold text-fg underline decoration-accent/70 decoration-dotted underline-offset-4 hover:bg-accent/10 hover:decoration-accent"
      >
        {fact.text}
      </button>
      {shownAt && createPortal(<FactCard id={id} fact={fact} trigger={shownAt} />, document.body)}
    </>
  );
}

function FactCard({ id, fact, trigger }: { id: string; fact: AskFact; trigger: HTMLElement }) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const card = ref.current;
    if (!card) return;
    const placement = placeTooltip(trigger.getBoundingClientRect(), { width: card.offsetWidth, height: card.offsetHeight }, { width: window.innerWidth, height: window.innerHeight }, 'top');
    setPosition({ left: placement.left, top: placement.top });
  }, [trigger]);

  const fromStrava = fact.provenance.includes('strava');
  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      style={{ position: 'fixed', left: position?.left ?? 0, top: position?.top ?? 0, visibility: position ? 'visible' : 'hidden' }}
      className="z-50 w-64 rounded-lg border border-line-strong bg-surface-raised px-3 py-2.5 text-xs text-fg-muted shadow-lg shadow-black/40"
    >
      <p className="font-semibold text-fg">{fact.label}</p>
      <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt className="text-fg-subtle">Value</dt>
        <dd className="text-fg">{factValueText(fact)}</dd>
        <dt className="text-fg-subtle">{fact.window === null ? 'When' : 'Days'}</dt>
        <dd>{factWindowText(fact.window)}</dd>
        <dt className="text-fg-subtle">Source</dt>
        <dd className="break-words">{fact.source}</dd>
      </dl>
      {fromStrava && <p className="mt-1.5 text-fg-subtle">Computed from Strava data.</p>}
    </div>
  );
}
