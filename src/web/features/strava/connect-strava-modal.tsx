import { Alert } from '../../ui/alert.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useLogout } from '../auth/index.ts';
import { ImportFilesOption } from '../imports/index.ts';
import { ConnectStravaPrompt } from './connect-strava-prompt.tsx';

interface ConnectStravaModalProps {
  firstName: string | null;
  /** Why the last attempt to connect failed, when it did. */
  connectError: string | null;
  /** The way in without Strava: the athlete's own activity files. */
  onImportFiles: () => void;
}

/**
 * Home for a signed-in athlete with no activities and no Strava (spec §2): a blocking welcome with
 * three ways on: connect Strava, import files, or log out.
 */
export function ConnectStravaModal({ firstName, connectError, onImportFiles }: ConnectStravaModalProps) {
  const logout = useLogout();
  const name = firstName?.trim();
  return (
    <Dialog
      open
      title={name ? `Welcome, ${name}!` : 'Welcome!'}
      description="Connect with Strava so Kai can coach you from your real training."
    >
      {connectError && (
        <Alert tone="error" className="mt-5">
          {connectError}
        </Alert>
      )}
      <div className="mt-6">
        <ConnectStravaPrompt />
      </div>
      <div className="mt-4">
        <ImportFilesOption onImport={onImportFiles} />
      </div>
      <p className="mt-5 border-t border-line pt-4 text-center text-sm text-fg-muted">
        Not now?{' '}
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className="rounded font-medium text-fg underline underline-offset-4 hover:text-accent disabled:opacity-60"
        >
          Log out
        </button>
      </p>
    </Dialog>
  );
}
