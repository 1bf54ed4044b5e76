import { Dialog, type DialogOpenState } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAthleteProfile } from './api/athlete-profile.ts';
import { useUserSettings } from './api/user-settings.ts';
import { CoachingProfileEditor } from './coaching-profile-editor.tsx';

/**
 * 'Customize your coaching profile' (spec §2 Dialogs, §4, §5): full screen on a phone. The form is
 * made afresh at every opening, once settings and the athlete profile have answered, so Cancel
 * forgets unsaved edits.
 */
export function CoachingProfileDialog({ open, onOpenChange }: DialogOpenState) {
  const settings = useUserSettings();
  const profile = useAthleteProfile(open);
  const ready = settings.data !== undefined && !profile.isPending;
  return (
    <Dialog
      wide
      open={open}
      onOpenChange={onOpenChange}
      title="Customize your coaching profile"
      description="Your coach uses these to tailor every analysis."
    >
      {settings.isError ? (
        <p className="mt-6 text-sm text-danger">Your settings could not be loaded. Close this and try again.</p>
      ) : ready ? (
        <CoachingProfileEditor settings={settings.data} profile={profile.data ?? null} onClose={() => onOpenChange(false)} />
      ) : (
        <div className="mt-10 flex items-center justify-center gap-3 text-sm text-fg-muted">
          <Spinner />
          Loading your profile...
        </div>
      )}
    </Dialog>
  );
}

