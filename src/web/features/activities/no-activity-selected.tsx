import { MousePointerClick } from 'lucide-react';

/** Home with activities but none chosen (spec §2 empty state). */
export function NoActivitySelected() {
  return (
    <div className="flex min-h-[50svh] flex-col items-center justify-center gap-3 px-4 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl border border-line-strong bg-surface-raised">
        <MousePointerClick aria-hidden className="size-6 text-fg-muted" />
      </span>
      <h1 className="text-lg font-semibold text-fg">No activity selected</h1>
      <p className="max-w-sm text-sm text-fg-muted">Select an activity from the sidebar to view AI analysis</p>
    </div>
  );
}
