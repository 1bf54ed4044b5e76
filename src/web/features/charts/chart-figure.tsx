import { Suspense, type ReactNode } from 'react';
import { Skeleton } from '../../ui/skeleton.tsx';

interface ChartFigureProps {
  title: string;
  /** One line under the title saying what is drawn against what. */
  caption: string;
  /** 'loading' draws a placeholder of the chart's height; a string is an empty state's message. */
  state: 'ready' | 'loading' | { empty: string };
  heightPx: number;
  children?: ReactNode;
}

/** A chart card: a figure whose caption names it, with its loading and empty states. */
export function ChartFigure({ title, caption, state, heightPx, children }: ChartFigureProps) {
  const placeholder = (
    <div style={{ height: heightPx }}>
      <Skeleton className="size-full rounded-lg" />
    </div>
  );
  return (
    <figure className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5" aria-busy={state === 'loading'}>
      <figcaption className="flex flex-col gap-0.5">
        <span className="text-sm font-semibold text-fg">{title}</span>
        <span className="text-xs text-fg-subtle">{caption}</span>
      </figcaption>
      {state === 'loading' ? (
        placeholder
      ) : state === 'ready' ? (
        // The chart's drawing code loads apart (lazy-charts.ts): the placeholder holds its place.
        <Suspense fallback={placeholder}>{children}</Suspense>
      ) : (
        <p className="flex items-center justify-center rounded-lg border border-dashed border-line px-4 py-8 text-center text-sm text-fg-muted">
          {state.empty}
        </p>
      )}
    </figure>
  );
}
