/** The query parameter on /login and /register naming where to go once signed in. */
export const RETURN_PARAM = 'next';

/**
 * The in-app path to land on after signing in, from `?next=`: only a same-origin path ('/…', not
 * '//host' or '/\host', which browsers read as another site), so the parameter cannot send anyone
 * elsewhere. Anything else lands on Home.
 */
export function returnPathFrom(search: string): string {
  const next = new URLSearchParams(search).get(RETURN_PARAM);
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

/** /login with the path to come back to, e.g. `/login?next=%2Factivities%2F42`. */
export function signInPathReturningTo(path: string): string {
  return path === '/' ? '/login' : `/login?${new URLSearchParams({ [RETURN_PARAM]: path })}`;
}

/** Keeps `?next=` on a link between the sign-in and sign-up screens. */
export function withReturnParam(path: string, search: string): string {
  const next = returnPathFrom(search);
  return next === '/' ? path : `${path}?${new URLSearchParams({ [RETURN_PARAM]: next })}`;
}
