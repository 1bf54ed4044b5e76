/**
 * The device's own count of analysis refreshes (spec §5, §9): at most 5 in any sliding 10 minutes.
 * The server enforces the same limit; counting here lets the button say so before a request fails.
 */
export const REFRESH_LIMIT = 5;
export const REFRESH_WINDOW_MS = 10 * 60_000;
const STORAGE_KEY = 'kairo.analysisRefreshAttempts';
const BLOCKED_UNTIL_KEY = 'kairo.analysisRefreshBlockedUntil';

/** The attempts still inside the window ending at `nowMs`. */
export function attemptsInWindow(attemptsMs: readonly number[], nowMs: number): number[] {
  return attemptsMs.filter((atMs) => atMs > nowMs - REFRESH_WINDOW_MS && atMs <= nowMs);
}

export function refreshesRemaining(attemptsMs: readonly number[], nowMs: number): number {
  return Math.max(0, REFRESH_LIMIT - attemptsInWindow(attemptsMs, nowMs).length);
}

/** Spec §5 tooltip text, with the attempts left in the current window. */
export function refreshLimitMessage(remaining: number): string {
  return `Rate limit reached. ${remaining} attempts remaining in the next 10 minutes.`;
}

/** Reads the stored attempts; anything unreadable (private mode, a hand-edited value) counts as none. */
export function readRefreshAttempts(storage: Pick<Storage, 'getItem'>): number[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((value): value is number => typeof value === 'number' && Number.isFinite(value)) : [];
  } catch {
    return [];
  }
}

/** Records an attempt at `nowMs`, keeping only the attempts that still count. Returns them. */
export function recordRefreshAttempt(storage: Pick<Storage, 'getItem' | 'setItem'>, nowMs: number): number[] {
  const attempts = [...attemptsInWindow(readRefreshAttempts(storage), nowMs), nowMs];
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(attempts));
  } catch {
    // Storage full or disabled: the server's own limit still holds.
  }
  return attempts;
}

/**
 * When the server itself refused a refresh (429, another device used the account's refreshes, say),
 * the button stays off until the time it named: kept on the device so every activity agrees.
 */
export function readRefreshBlockedUntil(storage: Pick<Storage, 'getItem'>): number | null {
  try {
    const value = Number(storage.getItem(BLOCKED_UNTIL_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function recordRefreshBlockedUntil(storage: Pick<Storage, 'setItem'>, untilMs: number): void {
  try {
    storage.setItem(BLOCKED_UNTIL_KEY, String(untilMs));
  } catch {
    // Storage unavailable: the block lasts as long as the page.
  }
}

/** 'Try again in 8 minutes.': whole minutes, rounded up, never below one. */
export function tryAgainMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Rate limit reached. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
