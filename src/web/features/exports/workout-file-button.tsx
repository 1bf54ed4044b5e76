import { useMutation } from '@tanstack/react-query';
import { Bike } from 'lucide-react';
import { useState } from 'react';
import { DEFAULT_WORKOUT_FILE_NAME, PRO_ONLY_MESSAGES, WORKOUT_FILE_DESKTOP_ONLY } from '../../../shared/api/exports.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { Button } from '../../ui/button.tsx';
import { DisabledHint } from '../../ui/disabled-hint.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { useProAccess } from '../billing/index.ts';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';

const WorkoutFileHelpDialog = lazyDialog(() => import('./workout-file-help-dialog.tsx').then((module) => module.WorkoutFileHelpDialog));

/** Zwift runs on a computer; below the desktop layout the button gives way to a note (spec §5). */
export const DESKTOP_QUERY = '(min-width: 768px)';

/** The next session as a Zwift workout file (Pro, desktop only), then how to load it. */
export function WorkoutFileButton({ activityId }: { activityId: string }) {
  const pro = useProAccess();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  // The request and the file saving load on the click: most visits to Home never download a workout.
  const download = useMutation({ mutationFn: async () => (await import('./api/generate-workout-file.ts')).downloadWorkoutFile(activityId) });
  const [helpFor, setHelpFor] = useState<string | null>(null);

  if (!desktop) return <p className="text-xs text-fg-muted">{WORKOUT_FILE_DESKTOP_ONLY}</p>;
  return (
    <>
      <DisabledHint hint={pro ? null : PRO_ONLY_MESSAGES.workoutFile}>
        <Button
          variant="secondary"
          size="sm"
          disabled={!pro || download.isPending}
          onClick={() => {
            // The help follows the download: its code comes while the file is made.
            WorkoutFileHelpDialog.preload();
            download.mutate(undefined, {
              onSuccess: (fileName) => {
                showToast({ title: 'Workout file downloaded successfully! Import it into the platform to start training.' });
                setHelpFor(fileName);
              },
              onError: (error) => showToast({ title: error.message, tone: 'error' }),
            });
          }}
        >
          <Bike aria-hidden className="size-4" />
          {download.isPending ? 'Creating workout file...' : 'Download workout file'}
        </Button>
      </DisabledHint>
      <WorkoutFileHelpDialog
        open={helpFor !== null}
        onOpenChange={(open) => !open && setHelpFor(null)}
        fileName={helpFor ?? DEFAULT_WORKOUT_FILE_NAME}
      />
    </>
  );
}
