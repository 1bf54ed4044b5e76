import { lazy } from 'react';
import { Redirect } from 'wouter';
import { signInPathReturningTo, useAuth } from '../features/auth/index.ts';
import { LoadingScreen } from '../ui/loading-screen.tsx';

// Visitors arriving at / get the landing page rendered at build time (ADR 0054); this screen is
// for a visitor who comes to / inside the app, e.g. after signing out.
const LandingScreen = lazy(() => import('../features/landing/landing-screen.tsx').then((module) => ({ default: module.LandingScreen })));
const SignedInHome = lazy(() => import('./signed-in-home.tsx').then((module) => ({ default: module.SignedInHome })));

/**
 * `/`: the landing page for visitors, Home for athletes (spec §2). Nothing renders during the
 * first 300 ms, so a quick session check never flashes a spinner; after that a spinner shows until
 * the session is known. `/activities/:id` is Home with that activity chosen; a visitor is asked
 * to sign in first and brought back to it.
 */
export function HomeRoute({ activityId }: { activityId: string | null }) {
  const auth = useAuth();
  if (auth.settling) return null;
  if (auth.status === 'loading') return <LoadingScreen />;
  if (auth.status === 'unauthenticated') {
    if (activityId === null) return <LandingScreen />;
    return <Redirect to={signInPathReturningTo(`/activities/${encodeURIComponent(activityId)}`)} replace />;
  }
  // The same element for / and /activities/:id: moving between them keeps Home and its state.
  return <SignedInHome user={auth.user} activityId={activityId} />;
}
