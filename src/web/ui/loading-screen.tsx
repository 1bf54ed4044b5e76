import { Spinner } from './spinner.tsx';

/** Full-area loading state: a spinner and 'Loading...' (spec §2, Home). */
export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-[60svh] flex-1 flex-col items-center justify-center gap-3 text-fg-muted">
      <Spinner className="size-8" />
      <p className="text-sm">Loading...</p>
    </div>
  );
}
