import clsx from 'clsx';
import { RefreshCw } from 'lucide-react';
import type { AnalysisView } from '../../../shared/api/analysis.ts';
import { Button } from '../../ui/button.tsx';
import { DisabledHint } from '../../ui/disabled-hint.tsx';
import { useRefreshAnalysis } from './api/refresh-analysis.ts';
import { refreshLimitMessage, tryAgainMessage } from './refresh-limit.ts';
import { useRefreshLimit } from './use-refresh-limit.ts';

/**
 * 'Refresh analysis': Kai writes it again with the current detail, at most 5 times in 10 minutes
 * (spec §4, §5). When the server says the limit is reached, the button stays off, with the wait
 * written beside it, until the time the server named.
 */
export function RefreshAnalysisButton({ activityId, view, busy }: { activityId: string; view: AnalysisView | undefined; busy: boolean }) {
  const { remaining, recordAttempt, blockedUntilMs, blockFor, nowMs } = useRefreshLimit();
  const refresh = useRefreshAnalysis(activityId, blockFor);
  const blockedMessage = blockedUntilMs === null ? null : tryAgainMessage(blockedUntilMs - nowMs);
  const exhausted = remaining === 0 || blockedMessage !== null;
  return (
    <div className="flex flex-col items-start gap-1">
      <DisabledHint hint={exhausted ? (blockedMessage ?? refreshLimitMessage(remaining)) : null}>
        <Button
          variant="secondary"
          size="sm"
          disabled={exhausted || busy || view === undefined}
          onClick={() => {
            if (view === undefined) return;
            recordAttempt();
            refresh.mutate(view);
          }}
        >
          <RefreshCw aria-hidden className={clsx('size-4', refresh.isPending && 'animate-spin')} />
          Refresh analysis
        </Button>
      </DisabledHint>
      {blockedMessage !== null && (
        <p role="status" className="text-xs text-fg-muted">
          {blockedMessage}
        </p>
      )}
    </div>
  );
}
