import clsx from 'clsx';
import { CircleCheck, RefreshCw } from 'lucide-react';
import type { AnalysisView } from '../../../shared/api/analysis.ts';
import { HttpError, userFacingMessage } from '../../lib/api-request.ts';
import { Button } from '../../ui/button.tsx';
import { DisabledHint } from '../../ui/disabled-hint.tsx';
import { useRefreshAnalysis } from './api/refresh-analysis.ts';
import { refreshLimitMessage, tryAgainMessage } from './refresh-limit.ts';
import { useRefreshLimit } from './use-refresh-limit.ts';

/**
 * 'Refresh analysis': Kai writes it again with the current detail, at most 5 times in 10 minutes
 * (spec §4, §5). When the server says the limit is reached, the button stays off, with the wait
 * written beside it, until the time the server named.
 *
 * While Kai rewrites, the button says so and is busy rather than disabled, so the keyboard's focus
 * stays on it (issue 26); the outcome is written under it: "Analysis updated", or what went wrong
 * with "Try again". The analysis panel's live region reads the progress and the update out.
 */
export function RefreshAnalysisButton({ activityId, view, busy }: { activityId: string; view: AnalysisView | undefined; busy: boolean }) {
  const { remaining, recordAttempt, blockedUntilMs, blockFor, nowMs } = useRefreshLimit();
  const refresh = useRefreshAnalysis(activityId, blockFor);
  const blockedMessage = blockedUntilMs === null ? null : tryAgainMessage(blockedUntilMs - nowMs);
  const exhausted = remaining === 0 || blockedMessage !== null;
  const working = busy || refresh.isPending;
  const start = () => {
    if (view === undefined || working || exhausted) return;
    recordAttempt();
    refresh.mutate(view);
  };
  // A 429 is said by the wait above; any other failure under the button, with a way to try again.
  const failed = refresh.isError && !(refresh.error instanceof HttpError && refresh.error.status === 429);
  // The lines under the button take a row of their own at the end of the header's toolbar (it wraps), so the buttons stay in line.
  return (
    <>
      <DisabledHint hint={exhausted ? (blockedMessage ?? refreshLimitMessage(remaining)) : null}>
        <Button variant="secondary" size="sm" disabled={exhausted || view === undefined} aria-disabled={working || undefined} aria-busy={working || undefined} onClick={start}>
          <RefreshCw aria-hidden className={clsx('size-4', working && 'animate-spin')} />
          {working ? 'Rewriting…' : 'Refresh analysis'}
        </Button>
      </DisabledHint>
      {blockedMessage !== null && (
        <p role="status" className="order-last basis-full text-xs text-fg-muted">
          {blockedMessage}
        </p>
      )}
      {!working && failed && (
        <p className="order-last flex basis-full flex-wrap items-center gap-x-2 text-xs text-danger">
          {userFacingMessage(refresh.error, 'Kai could not refresh the analysis.')}
          {!exhausted && (
            <button type="button" onClick={start} className="rounded font-semibold text-fg underline underline-offset-2 hover:text-accent">
              Try again
            </button>
          )}
        </p>
      )}
      {!working && refresh.isSuccess && (
        <p className="order-last flex basis-full items-center gap-1 text-xs text-fg-muted">
          <CircleCheck aria-hidden className="size-3.5 text-success" />
          Analysis updated
        </p>
      )}
    </>
  );
}
