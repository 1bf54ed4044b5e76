import { useCallback, useEffect, useState } from 'react';
import { readRefreshAttempts, recordRefreshAttempt, refreshesRemaining } from './refresh-limit.ts';

/** Spec §9: the count is checked again every minute, so the button comes back on its own. */
const RECHECK_INTERVAL_MS = 60_000;

function storedRemaining(): number {
  return refreshesRemaining(readRefreshAttempts(window.localStorage), Date.now());
}

/** The refreshes left on this device in the sliding window, and a way to spend one. */
export function useRefreshLimit(): { remaining: number; recordAttempt: () => void } {
  const [remaining, setRemaining] = useState(storedRemaining);

  useEffect(() => {
    const timer = setInterval(() => setRemaining(storedRemaining()), RECHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  const recordAttempt = useCallback(() => {
    const nowMs = Date.now();
    setRemaining(refreshesRemaining(recordRefreshAttempt(window.localStorage, nowMs), nowMs));
  }, []);

  return { remaining, recordAttempt };
}
