import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { AuthUser } from '../../shared/api/auth.ts';
import { ActivityListSkeleton, ActivityView, AnalysisSkeleton, HistorySyncStatus, LinkedActivity, LoadingActivities, NoActivitySelected } from '../features/activities/index.ts';
import { UnitsSwitch, useUnitSystem } from '../features/settings/index.ts';
import { StravaBrokenBanner, StravaPausedBanner, stravaSyncProgress, useStravaConnectError } from '../features/strava/index.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { AppLayout, AppSidebar } from '../features/shell/index.ts';
import { HomeActivityList } from './home-activity-list.tsx';
import { trainingDataState } from './training-data.ts';
import { useHomeActivities } from './use-home-activities.ts';

// Part of Home's code, so that reading Home ahead (after connecting Strava) loads no chunk of its own.
export { prefetchHome } from './prefetch-home.ts';

// Dialogs load on their first opening: they are a sizeable part of Home's JavaScript and most
// visits never open them. Once loaded they stay mounted (imports carry on while closed).
// Below the activity list on Home: loaded apart, so the first signed-in screen does not wait for it.
const ReadinessCard = lazy(() => import('../features/wellness/readiness-card.tsx').then((module) => ({ default: module.ReadinessCard })));
// Today and tomorrow from the day plan (ADR 0068): the answer every other screen gives too.
const DayPlanCard = lazy(() => import('../features/day-plan/day-plan-card.tsx').then((module) => ({ default: module.DayPlanCard })));
const PendingAdjustmentsCard = lazy(() =>
  import('../features/plans/pending-adjustments-card.tsx').then((module) => ({ default: module.PendingAdjustmentsCard })),
);
const PendingAdjustmentsShortcut = lazy(() =>
  import('../features/plans/pending-adjustments-card.tsx').then((module) => ({ default: module.PendingAdjustmentsShortcut })),
);
// Archive imports still running (after a reload too): their progress, with Cancel.
const ActiveImports = lazy(() => import('../features/imports/import-progress-card.tsx').then((module) => ({ default: module.ActiveImports })));
const ImportDialog = lazy(() => import('../features/imports/import-dialog.tsx').then((module) => ({ default: module.ImportDialog })));
const CoachingProfileDialog = lazy(() =>
  import('../features/settings/coaching-profile-dialog.tsx').then((module) => ({ default: module.CoachingProfileDialog })),
);
// Only an athlete with no training data yet sees the connect step; phones open the drawer on demand.
const ConnectStravaModal = lazy(() =>
  import('../features/strava/connect-strava-modal.tsx').then((module) => ({ default: module.ConnectStravaModal })),
);
const MobileActivitiesDrawer = lazy(() => import('./mobile-activities-drawer.tsx').then((module) => ({ default: module.MobileActivitiesDrawer })));

/**
 * Home for a signed-in athlete (spec §2, §4): the activity list in the sidebar (a drawer on
 * phones) and the selected activity in the main area. An athlete with neither Strava nor any
 * activity gets the blocking welcome, which also offers importing files instead.
 */
export function SignedInHome({ user, activityId }: { user: AuthUser; activityId: string | null }) {
  const home = useHomeActivities(activityId);
  const [units] = useUnitSystem();
  const [importOpen, setImportOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [importUsed, setImportUsed] = useState(false);
  const [profileUsed, setProfileUsed] = useState(false);
  const [connectError, dismissConnectError] = useStravaConnectError();
  const { status, activities, list, routed } = home;

  const needsConnect = trainingDataState(status, activities) === 'missing';
  const openImport = () => {
    setDrawerOpen(false);
    setImportUsed(true);
    setImportOpen(true);
  };

  function mainContent() {
    if (needsConnect) return <AnalysisSkeleton />;
    if (list.isError && activities === null) {
      return (
        <Alert tone="error" action={{ label: 'Retry', onClick: () => void list.refetch() }}>
          <p>Your activities could not be loaded.</p>
        </Alert>
      );
    }
    if (routed?.kind === 'elsewhere') return <LinkedActivity key={routed.id} id={routed.id} units={units} />;
    if (activities === null || (activities.length === 0 && home.syncing)) return <LoadingActivities />;
    if (routed?.kind !== 'listed') return <NoActivitySelected />;
    return <ActivityView key={routed.activity.id} activity={routed.activity} units={units} />;
  }

  return (
    <>
      <AppLayout
        onOpenSettings={
          needsConnect
            ? undefined
            : () => {
                setProfileUsed(true);
                setProfileOpen(true);
              }
        }
        sidebar={
          <AppSidebar user={user} footer={needsConnect ? undefined : <UnitsSwitch />}>
            {needsConnect ? <ActivityListSkeleton /> : <HomeActivityList home={home} onImport={openImport} />}
          </AppSidebar>
        }
      >
        <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 sm:p-8">
          {!needsConnect && (
            <div className="flex flex-wrap items-center gap-2 md:hidden">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setDrawerUsed(true);
                  setDrawerOpen(true);
                }}
              >
                <Menu aria-hidden className="size-4" />
                Recent activities
              </Button>
              <Suspense fallback={null}>
                <PendingAdjustmentsShortcut />
              </Suspense>
              {/* The sidebar says how far the first sync has come; on a phone its list is behind the button above. */}
              {home.syncing && (
                <div className="w-full">
                  <HistorySyncStatus progress={stravaSyncProgress(status)} />
                </div>
              )}
            </div>
          )}
          {status?.status === 'broken' && <StravaBrokenBanner />}
          {status?.syncPaused && <StravaPausedBanner message={status.syncPaused.message} />}
          {connectError && !needsConnect && (
            <Alert tone="error">
              <div className="flex items-start gap-3">
                <p className="flex-1">{connectError}</p>
                <button type="button" aria-label="Dismiss" onClick={dismissConnectError} className="rounded p-0.5 text-fg-muted hover:text-fg">
                  <X aria-hidden className="size-4" />
                </button>
              </div>
            </Alert>
          )}
          <Suspense fallback={null}>
            <ActiveImports />
          </Suspense>
          {!needsConnect && (
            // On a phone the cards follow the activity, so its title and figures are on the first screen (issue 26).
            <div className="flex flex-col gap-6 empty:hidden max-md:order-last">
              <Suspense fallback={null}>
                <DayPlanCard />
                <PendingAdjustmentsCard />
                <ReadinessCard />
              </Suspense>
            </div>
          )}
          {mainContent()}
        </div>
        {/* Inside the layout, for its tooltip provider. */}
        {drawerUsed && (
          <Suspense fallback={null}>
            <MobileActivitiesDrawer open={drawerOpen} onOpenChange={setDrawerOpen} user={user} home={home} onImport={openImport} />
          </Suspense>
        )}
      </AppLayout>
      <Suspense fallback={null}>
        {needsConnect && !importOpen && <ConnectStravaModal firstName={user.firstName} connectError={connectError} onImportFiles={openImport} />}
        {importUsed && <ImportDialog open={importOpen} onOpenChange={setImportOpen} />}
        {profileUsed && <CoachingProfileDialog open={profileOpen} onOpenChange={setProfileOpen} />}
      </Suspense>
    </>
  );
}
