import { useEffect, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import type { AuthUser } from '../../shared/api/auth.ts';
import { GOOGLE_SIGN_IN_PATH, signInPathReturningTo, useAuth } from '../features/auth/index.ts';
import { LoadingScreen } from '../ui/loading-screen.tsx';

interface RequireSignedInProps {
  /**
   * Where a signed-out visitor goes (spec §2): most protected screens send them to /, the
   * training-plan list starts the identity provider's sign-in instead. Deep links (an activity, a
   * plan) go to Kairo's sign-in, which brings the visitor back to them (issue 12 item 6).
   */
  whenSignedOut: 'home' | 'google-sign-in' | 'sign-in-and-return';
  children: (user: AuthUser) => ReactNode;
}

/** Renders a screen only for a signed-in athlete. */
export function RequireSignedIn({ whenSignedOut, children }: RequireSignedInProps) {
  const auth = useAuth();
  const [path] = useLocation();
  const search = useSearch();
  const leavesForGoogle = auth.status === 'unauthenticated' && whenSignedOut === 'google-sign-in';

  useEffect(() => {
    if (leavesForGoogle) window.location.assign(GOOGLE_SIGN_IN_PATH);
  }, [leavesForGoogle]);

  if (auth.status === 'loading' || leavesForGoogle) return <LoadingScreen />;
  if (auth.status === 'unauthenticated') {
    const target = whenSignedOut === 'sign-in-and-return' ? signInPathReturningTo(search ? `${path}?${search}` : path) : '/';
    return <Redirect to={target} replace />;
  }
  return children(auth.user);
}
