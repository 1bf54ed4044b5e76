import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { AuthContext, type AuthState } from './use-auth.ts';
import { useCurrentUser } from './api/current-user.ts';

/** Spec §9: authentication settles for 300 ms before the app commits to signed in or out. */
const AUTH_SETTLE_MS = 300;

/**
 * Spec §4: authenticated only once the user query succeeded with a user and the settling delay
 * has passed; until then 'loading'. The delay runs once per page load, not per screen, so moving
 * between screens never re-waits.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const userQuery = useCurrentUser();
  const [settling, setSettling] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => setSettling(false), AUTH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, []);

  const state = useMemo<AuthState>(() => {
    if (settling || userQuery.isPending) return { status: 'loading', user: null, settling };
    if (userQuery.isSuccess && userQuery.data !== null) return { status: 'authenticated', user: userQuery.data, settling: false };
    return { status: 'unauthenticated', user: null, settling: false };
  }, [settling, userQuery.isPending, userQuery.isSuccess, userQuery.data]);

  return <AuthContext value={state}>{children}</AuthContext>;
}
