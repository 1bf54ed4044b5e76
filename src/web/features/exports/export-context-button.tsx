import { CircleHelp, FileDown } from 'lucide-react';
import { useState } from 'react';
import type { ActivitySourceName } from '../../../shared/api/activities.ts';
import { PRO_ONLY_MESSAGES, STRAVA_AI_EXPORT_MESSAGE } from '../../../shared/api/exports.ts';
import { Button } from '../../ui/button.tsx';
import { DisabledHint } from '../../ui/disabled-hint.tsx';
import { IconButton } from '../../ui/icon-button.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { useProAccess } from '../billing/index.ts';
import { useStravaStatus } from '../strava/index.ts';
import { useExportAnalysisContext } from './api/export-analysis-context.ts';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';

const ExportExplainerDialog = lazyDialog(() => import('./export-explainer-dialog.tsx').then((module) => module.ExportExplainerDialog));

/**
 * 'Export context' (Pro, spec §6): saves the analysis context as a JSON file for other AIs, with its
 * explainer. Under the strict Strava data policy a Strava activity cannot be exported (ADR 7).
 */
export function ExportContextButton({ activityId, activityName, source }: { activityId: string; activityName: string; source: ActivitySourceName }) {
  const pro = useProAccess();
  const stravaDataToAi = useStravaStatus().data?.stravaDataToAi ?? false;
  const hint = !pro ? PRO_ONLY_MESSAGES.contextExport : source === 'strava' && !stravaDataToAi ? STRAVA_AI_EXPORT_MESSAGE : null;
  const [explainerOpen, setExplainerOpen] = useState(false);
  const exportContext = useExportAnalysisContext(activityId, activityName);
  return (
    <span className="inline-flex items-center gap-0.5">
      <DisabledHint hint={hint}>
        <Button
          variant="secondary"
          size="sm"
          disabled={hint !== null || exportContext.isPending}
          onClick={() =>
            exportContext.mutate(undefined, {
              onSuccess: () => showToast({ title: 'Analysis context exported successfully!' }),
              onError: () => showToast({ title: 'Failed to export analysis context. Please try again.', tone: 'error' }),
            })
          }
        >
          <FileDown aria-hidden className="size-4" />
          Export context
        </Button>
      </DisabledHint>
      <IconButton
        label="What is this export file?"
        icon={<CircleHelp aria-hidden className="size-4" />}
        className="size-8"
        onClick={() => setExplainerOpen(true)}
      />
      <ExportExplainerDialog open={explainerOpen} onOpenChange={setExplainerOpen} />
    </span>
  );
}
