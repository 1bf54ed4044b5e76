import { useEffect, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { AuthUser } from '../../shared/api/auth.ts';
import { GOOGLE_SIGN_IN_PATH } from '../features/auth/google-sign-in.ts';
import { useAuth } from '../features/auth/use-auth.ts';
import { LoadingScreen } from '../ui/loading-screen.tsx';

interface RequireSignedInProps {
  /**
   * Where a signed-out visitor goes (spec §2): most protected screens send them to /, the
   * training-plan list starts the identity provider's sign-in instead.
   */
  whenSignedOut: 'home' | 'google-sign-in';
  children: (user: AuthUser) => ReactNode;
}

/** Renders a screen only for a signed-in athlete. */
export function RequireSignedIn({ whenSignedOut, children }: RequireSignedInProps) {
  const auth = useAuth();
  const leavesForGoogle = auth.status === 'unauthenticated' && whenSignedOut === 'google-sign-in';

  useEffect(() => {
    if (leavesForGoogle) window.location.assign(GOOGLE_SIGN_IN_PATH);
  }, [leavesForGoogle]);

  if (auth.status === 'loading' || leavesForGoogle) return <LoadingScreen />;
  if (auth.status === 'unauthenticated') return <Redirect to="/" replace />;
  return children(auth.user);
}
