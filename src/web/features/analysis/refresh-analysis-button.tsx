import clsx from 'clsx';
import { RefreshCw } from 'lucide-react';
import type { AnalysisView } from '../../../shared/api/analysis.ts';
import { Button } from '../../ui/button.tsx';
import { DisabledHint } from '../../ui/disabled-hint.tsx';
import { useRefreshAnalysis } from './api/refresh-analysis.ts';
import { refreshLimitMessage } from './refresh-limit.ts';
import { useRefreshLimit } from './use-refresh-limit.ts';

/** 'Refresh analysis': Kai writes it again with the current detail, at most 5 times in 10 minutes (spec §4, §5). */
export function RefreshAnalysisButton({ activityId, view, busy }: { activityId: string; view: AnalysisView | undefined; busy: boolean }) {
  const { remaining, recordAttempt } = useRefreshLimit();
  const refresh = useRefreshAnalysis(activityId);
  const exhausted = remaining === 0;
  return (
    <DisabledHint hint={exhausted ? refreshLimitMessage(remaining) : null}>
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
  );
}
