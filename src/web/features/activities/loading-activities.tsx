import { Spinner } from '../../ui/spinner.tsx';

/** Home while the activity list is on its way (spec §2). */
export function LoadingActivities() {
  return (
    <div role="status" className="flex min-h-[50svh] flex-col items-center justify-center gap-3 px-4 text-center">
      <Spinner className="size-8" />
      <p className="text-lg font-semibold text-fg">Loading Activities</p>
      <p className="text-sm text-fg-muted">Connecting to your account...</p>
    </div>
  );
}
