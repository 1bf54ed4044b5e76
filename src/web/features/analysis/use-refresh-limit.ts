import { useCallback, useEffect, useState } from 'react';
import {
  readRefreshAttempts,
  readRefreshBlockedUntil,
  recordRefreshAttempt,
  recordRefreshBlockedUntil,
  refreshesRemaining,
} from './refresh-limit.ts';

/** Spec §9: the count is checked again every minute, so the button comes back on its own. */
const RECHECK_INTERVAL_MS = 60_000;

function storedRemaining(): number {
  return refreshesRemaining(readRefreshAttempts(window.localStorage), Date.now());
}

function storedBlockedUntil(): number | null {
  const untilMs = readRefreshBlockedUntil(window.localStorage);
  return untilMs !== null && untilMs > Date.now() ? untilMs : null;
}

/**
 * The refreshes left on this device in the sliding window, a way to spend one, and the server's
 * own refusal: `blockedUntilMs` (null when none) holds the button off until the time it named.
 */
export function useRefreshLimit(): {
  remaining: number;
  recordAttempt: () => void;
  blockedUntilMs: number | null;
  blockFor: (waitS: number) => void;
  nowMs: number;
} {
  const [remaining, setRemaining] = useState(storedRemaining);
  const [blockedUntilMs, setBlockedUntilMs] = useState(storedBlockedUntil);
  const [nowMs, setNowMs] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => {
      setRemaining(storedRemaining());
      setBlockedUntilMs(storedBlockedUntil());
      setNowMs(Date.now());
    }, RECHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  // The minute check may fall up to a minute late: the block also ends on the dot.
  useEffect(() => {
    if (blockedUntilMs === null) return;
    const timer = setTimeout(() => setBlockedUntilMs(storedBlockedUntil()), Math.max(0, blockedUntilMs - Date.now()));
    return () => clearTimeout(timer);
  }, [blockedUntilMs]);

  const recordAttempt = useCallback(() => {
    const now = Date.now();
    setNowMs(now);
    setRemaining(refreshesRemaining(recordRefreshAttempt(window.localStorage, now), now));
  }, []);

  const blockFor = useCallback((waitS: number) => {
    const now = Date.now();
    const untilMs = now + waitS * 1000;
    recordRefreshBlockedUntil(window.localStorage, untilMs);
    setNowMs(now);
    setBlockedUntilMs(untilMs);
  }, []);

  return { remaining, recordAttempt, blockedUntilMs, blockFor, nowMs };
}
