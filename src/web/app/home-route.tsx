import { lazy } from 'react';
import { useAuth } from '../features/auth/use-auth.ts';
import { LandingScreen } from '../features/landing/landing-screen.tsx';
import { LoadingScreen } from '../ui/loading-screen.tsx';

const SignedInHome = lazy(() => import('./signed-in-home.tsx').then((module) => ({ default: module.SignedInHome })));

/**
 * `/`: the landing page for visitors, Home for athletes (spec §2). Nothing renders during the
 * first 300 ms, so a quick session check never flashes a spinner; after that a spinner shows until
 * the session is known.
 */
export function HomeRoute() {
  const auth = useAuth();
  if (auth.settling) return null;
  if (auth.status === 'loading') return <LoadingScreen />;
  if (auth.status === 'unauthenticated') return <LandingScreen />;
  return <SignedInHome user={auth.user} />;
}
