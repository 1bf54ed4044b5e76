import { useEffect, useState } from 'react';
import { STRAVA_ERROR_PARAM, stravaErrorMessage, withoutStravaError } from './strava-error.ts';

/**
 * Reads why connecting Strava failed from `?strava_error=` once, then takes the reason out of the
 * address bar so a reload or a shared link does not repeat it. Returns the message and a way to
 * dismiss it.
 */
export function useStravaConnectError(): [string | null, () => void] {
  const [message, setMessage] = useState(() => stravaErrorMessage(window.location.search));

  useEffect(() => {
    const { pathname, search, hash } = window.location;
    if (!new URLSearchParams(search).has(STRAVA_ERROR_PARAM)) return;
    window.history.replaceState(window.history.state, '', `${pathname}${withoutStravaError(search)}${hash}`);
  }, []);

  return [message, () => setMessage(null)];
}
