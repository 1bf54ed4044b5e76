import type { ApiTokenScope } from '../../shared/api/api-tokens.ts';

/**
 * What each JSON route lets a personal access token do (ADR 0074), in this one table, so a route
 * cannot be added without a decision. A GET is `read` unless listed here; every other method must
 * be listed, and one that is not is treated as 'session-only' (a token is refused) while
 * test/integration/api-token-scopes.test.ts fails and names it.
 *
 * - a token scope: a token with that scope may call the route, as the session would;
 * - 'session-only': only a signed-in browser may (signing in and out, tokens, e-mail, password,
 *   Strava, settings, anything costly or irreversible that the scopes do not name);
 * - 'public': the route needs no account at all (a token is still checked when sent).
 */
export type RouteScope = ApiTokenScope | 'session-only' | 'public';

const routeScopes: Record<string, RouteScope> = {
  // Signing in and out, registration, passwords: a token never stands in for a person signing in.
  'POST /api/auth/register': 'session-only',
  'POST /api/auth/confirm-email': 'session-only',
  'POST /api/auth/login': 'session-only',
  'POST /api/auth/logout': 'session-only',
  'POST /api/auth/forgot-password': 'session-only',
  'POST /api/auth/reset-password': 'session-only',
  // Tokens are managed from the settings screen only: a token cannot make, list or revoke tokens.
  'GET /api/api-tokens': 'session-only',
  'POST /api/api-tokens': 'session-only',
  'DELETE /api/api-tokens/:id': 'session-only',
  // The account itself: only the person, signed in, deletes it.
  'GET /api/account/deletion': 'session-only',
  'POST /api/account/deletion': 'session-only',
  // Everything of the account in one file: the person's, signed in (ADR 0078).
  'GET /api/account/export': 'session-only',
  'POST /api/account/export': 'session-only',
  'GET /api/account/export/download/:token': 'session-only',
  // The web app's own usage tracking.
  'POST /api/track/page-view': 'session-only',
  'POST /api/track/user-event': 'session-only',
  'POST /api/track/button-interaction': 'session-only',
  // The Strava connection, and what writes to Strava.
  'POST /api/auth/logout/strava': 'session-only',
  'POST /api/force-sync': 'session-only',
  'PUT /api/activities/:stravaActivityId/update-description': 'session-only',
  // Settings, the profile writer and the analysis rewrites (language-model work) are not in any scope.
  'PUT /api/user/settings': 'session-only',
  'POST /api/profile/generate': 'session-only',
  'POST /api/profile/events': 'session-only',
  'PUT /api/activities/:id/analysis/coaching-style': 'session-only',
  'PUT /api/activities/:id/analysis/activity-detail': 'session-only',
  'POST /api/activities/:id/analysis/refresh': 'session-only',
  // Builds a file from what is stored and changes nothing: a read sent as POST.
  'POST /api/activities/:id/generate-zwift-workout': 'read',
  // Activity files: no scope names them yet (a later `write:activities` would).
  'POST /api/imports': 'session-only',
  'POST /api/imports/:id/cancel': 'session-only',
  // Wellness.
  'PUT /api/wellness/:date': 'write:wellness',
  'POST /api/wellness/import': 'write:wellness',
  'PUT /api/activities/:id/feel': 'write:wellness',
  // Plans: create, regenerate, switch on and off, and Kai's proposals.
  'POST /api/training-plans': 'write:plans',
  'PUT /api/training-plans': 'write:plans',
  'PATCH /api/training-plans/:id/toggle': 'write:plans',
  'POST /api/training-plans/:id/switch-back': 'write:plans',
  'POST /api/training-plans/:id/adjustments/:adjustmentId/accept': 'write:plans',
  'POST /api/training-plans/:id/adjustments/:adjustmentId/decline': 'write:plans',
  'POST /api/training-plans/:id/adjustments/:adjustmentId/undo': 'write:plans',
  'POST /api/training-plans/:id/edits': 'write:plans',
  // Deleting a plan cannot be undone, and a calendar feed URL is a credential of its own.
  'DELETE /api/training-plans/:id': 'session-only',
  'POST /api/training-plans/:id/calendar-feed': 'session-only',
  'DELETE /api/training-plans/:id/calendar-feed': 'session-only',
  // Ask Kai: starting a conversation and asking read the athlete's data and change none of it;
  // renaming and deleting conversations are the person's own housekeeping.
  'POST /api/coach/conversations': 'read',
  'POST /api/coach/conversations/:id/messages': 'read',
  'PATCH /api/coach/conversations/:id': 'session-only',
  'DELETE /api/coach/conversations': 'session-only',
  'DELETE /api/coach/conversations/:id': 'session-only',
  // No account needed.
  'GET /api/app-info': 'public',
  'GET /calendar/:file': 'public',
};

export interface DeclaredScope {
  scope: RouteScope;
  /** False for a write missing from the table (refused to tokens, and failed by the scopes test). */
  declared: boolean;
}

/** The scope of a route, by its method and URL pattern (`/api/activities/:id`). */
export function routeScope(method: string, url: string): DeclaredScope {
  const listed = routeScopes[`${method} ${url}`];
  if (listed) return { scope: listed, declared: true };
  if (method === 'GET') return { scope: 'read', declared: true };
  return { scope: 'session-only', declared: false };
}

/** The table's entries, for the test that checks none names a route that does not exist. */
export function declaredRouteKeys(): string[] {
  return Object.keys(routeScopes);
}
