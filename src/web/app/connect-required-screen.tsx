import { useMemo, useState, type ReactNode } from 'react';
import type { AuthUser } from '../../shared/api/auth.ts';
import { useActivityList } from '../features/activities/index.ts';
import { ImportDialog, ImportFilesOption } from '../features/imports/index.ts';
import { ConnectionPanel, ConnectStravaPrompt, useStravaStatus } from '../features/strava/index.ts';
import { Alert } from '../ui/alert.tsx';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { AppLayout, AppSidebar } from '../features/shell/index.ts';
import { trainingDataState } from './training-data.ts';

interface ConnectRequiredScreenProps {
  user: AuthUser;
  /** Why this screen needs the athlete's training data, in the athlete's terms. */
  reason: string;
  /** The screen itself, once the training data is connected. */
  children: ReactNode;
}

/**
 * A screen that needs the athlete's training history (spec §2, §6). It opens once Strava is
 * connected or the athlete has imported activities (ADR 0017); until the answer is known it says
 * it is loading, if the answer cannot be had it says so with a retry, and only an athlete with
 * neither gets the connect step, which offers importing files too. The layout stays usable (tabs,
 * Sign Out) throughout.
 */
export function ConnectRequiredScreen({ user, reason, children }: ConnectRequiredScreenProps) {
  const status = useStravaStatus();
  // The activities only matter, and are only asked for, when Strava is not connected.
  const list = useActivityList({ pollMs: false, enabled: status.data?.connected === false });
  const activities = useMemo(() => list.data?.pages.flat() ?? null, [list.data]);
  const [importOpen, setImportOpen] = useState(false);
  const state = trainingDataState(status.data, activities);
  // An import in progress keeps its dialog: the screen opens when the athlete closes it.
  if (state === 'connected' && !importOpen) return children;

  let content: ReactNode;
  if (status.isError || (list.isError && activities === null)) {
    content = (
      <Alert tone="error" className="w-full max-w-md" action={{ label: 'Retry', onClick: () => void (status.isError ? status.refetch() : list.refetch()) }}>
        <p>Your Strava connection and activities could not be checked.</p>
      </Alert>
    );
  } else if (state === 'unknown') {
    content = <LoadingScreen />;
  } else {
    content = (
      <section
        aria-labelledby="connect-heading"
        className="w-full max-w-md animate-rise rounded-2xl border border-line bg-surface p-6 shadow-xl shadow-black/20 sm:p-8"
      >
        <h1 id="connect-heading" className="text-xl font-semibold tracking-tight text-fg">
          Connect with Strava
        </h1>
        <p className="mt-1.5 text-sm text-fg-muted">{reason}</p>
        <div className="mt-6">
          <ConnectStravaPrompt />
        </div>
        <div className="mt-4">
          <ImportFilesOption onImport={() => setImportOpen(true)} />
        </div>
      </section>
    );
  }

  return (
    <AppLayout sidebar={<AppSidebar user={user} />}>
      <div className="flex min-h-full flex-col items-center justify-start gap-6 px-4 py-10 sm:justify-center sm:py-16">
        {content}
        {/*
          The sidebar, and Sign Out with it, is hidden on small screens. Always mounted: a reader of
          the Strava status mounting while it has failed would fetch it again at once, and again.
        */}
        <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-4 md:hidden">
          <ConnectionPanel user={user} />
        </div>
      </div>
      <ImportDialog open={importOpen} onOpenChange={setImportOpen} />
    </AppLayout>
  );
}
