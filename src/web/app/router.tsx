import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { HomeRoute } from './home-route.tsx';
import { RequireSignedIn } from './require-sign-in.tsx';

/** Screens a first-time visitor on / never needs load on demand, keeping the landing page light. */
function lazyScreen<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => ({ default: await load() }));
}

const LoginScreen = lazyScreen(() => import('../features/auth/login-screen.tsx').then((m) => m.LoginScreen));
const RegisterScreen = lazyScreen(() => import('../features/auth/register-screen.tsx').then((m) => m.RegisterScreen));
const ForgotPasswordScreen = lazyScreen(() =>
  import('../features/auth/forgot-password-screen.tsx').then((m) => m.ForgotPasswordScreen),
);
const ConfirmEmailScreen = lazyScreen(() => import('../features/auth/confirm-email-screen.tsx').then((m) => m.ConfirmEmailScreen));
const ResetPasswordScreen = lazyScreen(() => import('../features/auth/reset-password-screen.tsx').then((m) => m.ResetPasswordScreen));
// The success screen and what reads Home ahead while it shows (issue 29), asked for together.
const StravaSuccessRoute = lazyScreen(() => {
  // A failed load here is the route's to report.
  import('../features/strava/strava-success-screen.tsx').catch(() => undefined);
  return import('./strava-success-route.tsx').then((m) => m.StravaSuccessRoute);
});
const NotFoundScreen = lazyScreen(() => import('../features/status-pages/not-found-screen.tsx').then((m) => m.NotFoundScreen));
const MaintenanceScreen = lazyScreen(() => import('../features/status-pages/maintenance-screen.tsx').then((m) => m.MaintenanceScreen));
const ConnectRequiredScreen = lazyScreen(() => import('./connect-required-screen.tsx').then((m) => m.ConnectRequiredScreen));
const TrainingPlansScreen = lazyScreen(() => import('../features/plans/training-plans-screen.tsx').then((m) => m.TrainingPlansScreen));
const ProfileScreen = lazyScreen(() => import('../features/profile/profile-screen.tsx').then((m) => m.ProfileScreen));
const PlanViewScreen = lazyScreen(() => import('../features/plans/plan-view-screen.tsx').then((m) => m.PlanViewScreen));
const CheckInScreen = lazyScreen(() => import('../features/wellness/check-in-screen.tsx').then((m) => m.CheckInScreen));
const ApiAccessScreen = lazyScreen(() => import('../features/api-access/index.ts').then((m) => m.ApiAccessScreen));
const ApiReferenceScreen = lazyScreen(() => import('../features/api-reference/index.ts').then((m) => m.ApiReferenceScreen));
const AskKaiScreen = lazyScreen(() => import('../features/ask-kai/index.ts').then((m) => m.AskKaiScreen));
const CalendarScreen = lazyScreen(() => import('../features/calendar/index.ts').then((m) => m.CalendarScreen));
const SeasonScreen = lazyScreen(() => import('../features/season/index.ts').then((m) => m.SeasonScreen));

const PLANS_REASON = 'Training plans start from what your recent activities say about you.';

/** Spec §2 routes. */
export function AppRouter() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Switch>
        {/* One element type for both, so stepping between activities keeps Home mounted. */}
        <Route path="/">{() => <HomeRoute activityId={null} />}</Route>
        <Route path="/activities/:id">{(params) => <HomeRoute activityId={params.id} />}</Route>
        <Route path="/login" component={LoginScreen} />
        <Route path="/register" component={RegisterScreen} />
        <Route path="/forgot-password" component={ForgotPasswordScreen} />
        <Route path="/reset-password" component={ResetPasswordScreen} />
        <Route path="/confirm-email" component={ConfirmEmailScreen} />
        <Route path="/profile">
          <RequireSignedIn whenSignedOut="home">
            {(user) => (
              <ConnectRequiredScreen user={user} reason="Your athletic profile is built from your last 30 activities.">
                <ProfileScreen user={user} />
              </ConnectRequiredScreen>
            )}
          </RequireSignedIn>
        </Route>
        <Route path="/training-plan">
          <RequireSignedIn whenSignedOut="google-sign-in">
            {(user) => (
              <ConnectRequiredScreen user={user} reason={PLANS_REASON}>
                <TrainingPlansScreen user={user} />
              </ConnectRequiredScreen>
            )}
          </RequireSignedIn>
        </Route>
        <Route path="/training-plan/view">
          <RequireSignedIn whenSignedOut="sign-in-and-return">
            {(user) => (
              <ConnectRequiredScreen user={user} reason={PLANS_REASON}>
                <PlanViewScreen user={user} />
              </ConnectRequiredScreen>
            )}
          </RequireSignedIn>
        </Route>
        <Route path="/check-in">
          <RequireSignedIn whenSignedOut="sign-in-and-return">{(user) => <CheckInScreen user={user} />}</RequireSignedIn>
        </Route>
        <Route path="/settings/api">
          <RequireSignedIn whenSignedOut="sign-in-and-return">{(user) => <ApiAccessScreen user={user} />}</RequireSignedIn>
        </Route>
        <Route path="/settings/api/reference">
          <RequireSignedIn whenSignedOut="sign-in-and-return">{(user) => <ApiReferenceScreen user={user} />}</RequireSignedIn>
        </Route>
        {/* One route for a new conversation and an open one: the screen stays mounted as a first question makes the conversation. */}
        <Route path="/ask/:conversationId?">
          {(params) => (
            <RequireSignedIn whenSignedOut="sign-in-and-return">
              {(user) => <AskKaiScreen user={user} conversationId={params.conversationId ?? null} />}
            </RequireSignedIn>
          )}
        </Route>
        {/* ?week= and ?view= pick the week or the totals shown (issue 30), so any week is a link. */}
        <Route path="/calendar">
          <RequireSignedIn whenSignedOut="sign-in-and-return">{(user) => <CalendarScreen user={user} />}</RequireSignedIn>
        </Route>
        {/* The season's curves and thresholds over any range (issue 30, ADR 0083). */}
        <Route path="/season">
          <RequireSignedIn whenSignedOut="sign-in-and-return">{(user) => <SeasonScreen user={user} />}</RequireSignedIn>
        </Route>
        <Route path="/strava-success">
          <RequireSignedIn whenSignedOut="home">{() => <StravaSuccessRoute />}</RequireSignedIn>
        </Route>
        <Route path="/maintenance" component={MaintenanceScreen} />
        <Route component={NotFoundScreen} />
      </Switch>
    </Suspense>
  );
}
