import { Bike } from 'lucide-react';
import { useState } from 'react';
import { PRO_ONLY_MESSAGES, WORKOUT_FILE_DESKTOP_ONLY } from '../../../shared/api/exports.ts';
import { planWorkoutsUnavailable, type TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { Button } from '../../ui/button.tsx';
import { DisabledHint } from '../../ui/disabled-hint.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { useProAccess } from '../billing/index.ts';
import { DESKTOP_QUERY, WorkoutFileHelpDialog } from '../exports/index.ts';
import { useDownloadPlanWorkouts } from './api/training-plans.ts';

/**
 * The plan's dated sessions (with the accepted changes) as workout files in one .zip, a folder per format: FIT, .zwo, .mrc, .erg
 * (Pro, desktop only, like the analysis's workout file); disabled with the reason when the
 * account or the plan has none.
 */
export function PlanWorkoutsButton({ plan }: { plan: TrainingPlanView }) {
  const pro = useProAccess();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const download = useDownloadPlanWorkouts(plan.id);
  const [helpFor, setHelpFor] = useState<string | null>(null);

  if (!desktop) return <p className="text-xs text-fg-muted">{WORKOUT_FILE_DESKTOP_ONLY}</p>;
  // A plan's runs are in the zip too (as FIT and .zwo) when the athlete has the thresholds: the server says why when not.
  const hasRuns = plan.generatedPlan.trainingPlan.phases.some((phase) => (phase.dailySchedule ?? []).some((day) => day.activityType.startsWith('Running')));
  const hint = pro ? (hasRuns ? null : planWorkoutsUnavailable(plan.generatedPlan)) : PRO_ONLY_MESSAGES.workoutFile;
  return (
    <>
      <DisabledHint hint={hint}>
        <Button
          variant="secondary"
          size="sm"
          disabled={hint !== null || download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onSuccess: (fileName) => {
                showToast({ title: 'Workout files downloaded successfully! Import them into the platform to start training.' });
                setHelpFor(fileName);
              },
              onError: (error) => showToast({ title: error.message, tone: 'error' }),
            })
          }
        >
          <Bike aria-hidden className="size-4" />
          {download.isPending ? 'Creating workout files...' : 'Download all workouts (.zip)'}
        </Button>
      </DisabledHint>
      <WorkoutFileHelpDialog open={helpFor !== null} onOpenChange={(open) => !open && setHelpFor(null)} fileName={helpFor ?? 'workouts.zip'} archive />
    </>
  );
}
