import { createContext, useContext } from 'react';
import type { AuthUser } from '../../../shared/api/auth.ts';

/**
 * Session state (spec §4). `settling` is true during the settling delay after the app starts
 * (spec §9, 300 ms); screens that must not flash a spinner on a fast answer (Home) render nothing
 * while it lasts.
 */
export type AuthState =
  | { status: 'loading'; user: null; settling: boolean }
  | { status: 'authenticated'; user: AuthUser; settling: false }
  | { status: 'unauthenticated'; user: null; settling: false };

export const AuthContext = createContext<AuthState | null>(null);

/** Session state for any screen (spec §4). Needs AuthProvider above it. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (state === null) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
