import type { DialogOpenState } from '../../ui/dialog.tsx';
import { ExplainerDialog } from './explainer-dialog.tsx';

/** 'How to load your workout file' (spec §2 Dialogs): where Zwift looks for custom workouts, and how to start one. */
export function WorkoutFileHelpDialog({
  fileName,
  archive = false,
  ...openState
}: DialogOpenState & {
  fileName: string;
  /** A .zip of several workouts (a training plan's): unzip it first. */
  archive?: boolean;
}) {
  return (
    <ExplainerDialog
      {...openState}
      title={archive ? 'How to load your workouts' : 'How to load your workout file'}
      description={`${fileName} is in your downloads. Three steps get it onto Zwift.`}
      className="sm:max-w-lg"
    >
      <ol className="flex list-decimal flex-col gap-4 pl-5 marker:font-semibold marker:text-accent">
        <li>
          {archive ? "Unzip it and put the files of its zwo folder in Zwift's Workouts folder" : "Put the file in Zwift's Workouts folder"}, in the folder named with your
          Zwift ID:
          <ul className="mt-2 flex flex-col gap-1 text-fg-muted">
            <li>
              Mac: <code className="font-mono text-xs text-fg">Documents/Zwift/Workouts/&lt;your Zwift ID&gt;</code>
            </li>
            <li>
              Windows: <code className="font-mono text-xs text-fg">Documents\Zwift\Workouts\&lt;your Zwift ID&gt;</code>
            </li>
          </ul>
        </li>
        <li>Open Zwift, choose a ride, then open Workouts &gt; Custom.</li>
        <li>Pick {archive ? 'a' : 'the'} workout, confirm it and tweak the intensity if you like, then start riding.</li>
      </ol>
      {archive && (
        <p className="mt-4 text-sm text-fg-muted">
          The other folders hold the same sessions for other devices: <code className="font-mono text-xs text-fg">fit</code> for Garmin, Wahoo and Hammerhead
          head units and watches (copy them to the device's NewFiles folder or import them in its app), <code className="font-mono text-xs text-fg">mrc</code> and{' '}
          <code className="font-mono text-xs text-fg">erg</code> for ERG-mode trainer apps such as TrainerRoad and PerfPRO. Each file is one day of the plan, named by
          its date, with the changes you accepted. Zwift run workouts set their paces from the threshold pace in your Zwift profile, so keep it the same as in
          Kairo.
        </p>
      )}
    </ExplainerDialog>
  );
}
