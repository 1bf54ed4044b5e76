import { Slot } from 'radix-ui';
import { createContext, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Spec §9 timing, shared by the tooltips under one provider. */
interface TooltipTiming {
  delayMs: number;
  /** True within the skip delay after a tooltip closed: the next opens at once (moving along a toolbar). */
  skipsDelay(): boolean;
  noteClosed(): void;
}

const TooltipTimingContext = createContext<TooltipTiming | null>(null);

/** Gives the tooltips inside it their timing; AppLayout provides one with the spec §9 values. */
export function TooltipProvider({ delayMs, skipDelayMs, children }: { delayMs: number; skipDelayMs: number; children: ReactNode }) {
  const lastClosedAt = useRef(Number.NEGATIVE_INFINITY);
  const timing = useMemo<TooltipTiming>(
    () => ({
      delayMs,
      skipsDelay: () => performance.now() - lastClosedAt.current < skipDelayMs,
      noteClosed: () => {
        lastClosedAt.current = performance.now();
      },
    }),
    [delayMs, skipDelayMs],
  );
  return <TooltipTimingContext value={timing}>{children}</TooltipTimingContext>;
}

type Side = 'top' | 'right' | 'bottom' | 'left';

interface TooltipProps {
  content: ReactNode;
  /** The trigger; must accept a ref and pointer/focus handlers (a button, link or focusable span). */
  children: ReactNode;
  /** Overrides the app-wide delay set on the provider (spec §9: 700 ms, 200 ms on icon buttons). */
  delayMs?: number;
  side?: Side;
}

/**
 * A label that shows while the pointer rests on its trigger (after the delay) or the trigger has
 * keyboard focus; Escape, a press, leaving or scrolling hides it. The trigger is described by it
 * while it shows. Kairo's own, with its own placement: the positioning engine Radix brings for
 * this (~10 KB compressed) was most of the first signed-in screen's tooltip cost (ADR 0054).
 */
export function Tooltip({ content, children, delayMs, side = 'top' }: TooltipProps) {
  const timing = useContext(TooltipTimingContext);
  if (timing === null) throw new Error('Tooltip needs a TooltipProvider above it');
  // The trigger while the tooltip shows, null while it is hidden.
  const [shownAt, setShownAt] = useState<HTMLElement | null>(null);
  const open = shownAt !== null;
  const openRef = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const pressed = useRef(false);
  const triggerRef = useRef<HTMLElement | null>(null);
  const id = useId();

  const show = (trigger: HTMLElement) => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    openRef.current = true;
    setShownAt(trigger);
  };
  const showAfterDelay = (trigger: HTMLElement) => {
    if (openRef.current || timer.current !== undefined) return;
    if (timing.skipsDelay()) {
      show(trigger);
      return;
    }
    timer.current = window.setTimeout(() => show(trigger), delayMs ?? timing.delayMs);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    if (!openRef.current) return;
    openRef.current = false;
    timing.noteClosed();
    setShownAt(null);
  };

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    const onScroll = (event: Event) => {
      if (event.target instanceof Node && triggerRef.current && event.target.contains(triggerRef.current)) hide();
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, { capture: true });
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  });

  return (
    <>
      <Slot.Root
        ref={triggerRef}
        aria-describedby={open ? id : undefined}
        data-state={open ? 'delayed-open' : 'closed'}
        onPointerMove={(event) => {
          if (event.pointerType !== 'touch') showAfterDelay(event.currentTarget as HTMLElement);
        }}
        onPointerLeave={hide}
        onPointerDown={() => {
          pressed.current = true;
          hide();
        }}
        onClick={hide}
        onFocus={(event) => {
          if (!pressed.current) show(event.currentTarget as HTMLElement);
        }}
        onBlur={() => {
          pressed.current = false;
          hide();
        }}
      >
        {children}
      </Slot.Root>
      {shownAt && createPortal(<TooltipContent id={id} trigger={shownAt} side={side} content={content} />, document.body)}
    </>
  );
}

/** Gap between trigger and tooltip, and the least distance kept from the window's edges. */
const SIDE_OFFSET_PX = 6;
const EDGE_PADDING_PX = 8;
const ARROW_WIDTH_PX = 10;
const ARROW_HEIGHT_PX = 5;

const opposite: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };
/** The arrow is drawn pointing down, for a tooltip above its trigger, and turned for the other sides. */
const arrowRotation: Record<Side, number> = { top: 0, bottom: 180, left: -90, right: 90 };

interface Placement {
  side: Side;
  left: number;
  top: number;
  /** The arrow's offset along the tooltip's edge that faces the trigger. */
  arrow: number;
}

/** Where the tooltip goes: on the asked side if it fits there, else on the opposite one; kept inside the window. */
export function placeTooltip(trigger: Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom' | 'width' | 'height'>, size: { width: number; height: number }, viewport: { width: number; height: number }, side: Side): Placement {
  const gap = SIDE_OFFSET_PX + ARROW_HEIGHT_PX;
  const room: Record<Side, number> = {
    top: trigger.top - EDGE_PADDING_PX,
    bottom: viewport.height - trigger.bottom - EDGE_PADDING_PX,
    left: trigger.left - EDGE_PADDING_PX,
    right: viewport.width - trigger.right - EDGE_PADDING_PX,
  };
  const needed = side === 'top' || side === 'bottom' ? size.height + gap : size.width + gap;
  const chosen = room[side] < needed && room[opposite[side]] > room[side] ? opposite[side] : side;
  const clamp = (value: number, extent: number, limit: number) => Math.min(Math.max(value, EDGE_PADDING_PX), Math.max(EDGE_PADDING_PX, limit - extent - EDGE_PADDING_PX));
  if (chosen === 'top' || chosen === 'bottom') {
    const left = clamp(trigger.left + trigger.width / 2 - size.width / 2, size.width, viewport.width);
    const top = chosen === 'top' ? trigger.top - gap - size.height : trigger.bottom + gap;
    return { side: chosen, left, top, arrow: trigger.left + trigger.width / 2 - left };
  }
  const top = clamp(trigger.top + trigger.height / 2 - size.height / 2, size.height, viewport.height);
  const left = chosen === 'left' ? trigger.left - gap - size.width : trigger.right + gap;
  return { side: chosen, left, top, arrow: trigger.top + trigger.height / 2 - top };
}

function TooltipContent({ id, trigger, side, content }: { id: string; trigger: HTMLElement; side: Side; content: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  useLayoutEffect(() => {
    const place = () => {
      const element = ref.current;
      if (!element) return;
      setPlacement(
        placeTooltip(trigger.getBoundingClientRect(), { width: element.offsetWidth, height: element.offsetHeight }, { width: window.innerWidth, height: window.innerHeight }, side),
      );
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [trigger, side]);

  const vertical = placement?.side === 'top' || placement?.side === 'bottom';
  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      data-side={placement?.side}
      style={{ position: 'fixed', left: placement?.left ?? 0, top: placement?.top ?? 0, visibility: placement ? 'visible' : 'hidden' }}
      className="z-50 max-w-64 rounded-md border border-line-strong bg-surface-raised px-2.5 py-1.5 text-xs font-medium text-fg shadow-lg shadow-black/40"
    >
      {content}
      {placement && (
        <svg
          aria-hidden
          width={ARROW_WIDTH_PX}
          height={ARROW_HEIGHT_PX}
          viewBox="0 0 30 10"
          preserveAspectRatio="none"
          className="absolute fill-surface-raised"
          style={{
            transform: `rotate(${arrowRotation[placement.side]}deg)`,
            ...(vertical
              ? { left: placement.arrow - ARROW_WIDTH_PX / 2, [placement.side === 'top' ? 'top' : 'bottom']: '100%' }
              : { top: placement.arrow - ARROW_HEIGHT_PX / 2, [placement.side === 'left' ? 'left' : 'right']: `calc(100% - ${(ARROW_WIDTH_PX - ARROW_HEIGHT_PX) / 2}px)` }),
          }}
        >
          <polygon points="0,0 30,0 15,10" />
        </svg>
      )}
    </div>
  );
}
