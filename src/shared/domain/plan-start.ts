import { DAY_MS } from '../time.ts';

/**
 * A plan's first day (ADR 0036): the generation day, or a day the athlete chose up to
 * PLAN_START_MAX_WEEKS_BACK weeks before it, so the weeks already trained are laid out as sessions
 * and compared with what was done (planned vs done, ADR 0035). Never after the generation day: a
 * later start is what an event date or a length is for.
 */

export const PLAN_START_MAX_WEEKS_BACK = 8;

export const PLAN_START_MESSAGES = {
  format: 'The start date is a calendar day, YYYY-MM-DD.',
  future: 'The start date cannot be after today: plans start today or in the past weeks.',
  tooEarly: `The start date can be at most ${PLAN_START_MAX_WEEKS_BACK} weeks back.`,
} as const;

/** The day as a UTC midnight, or null when the text is not a real YYYY-MM-DD day. */
export function parsePlanStart(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = new Date(`${text}T00:00:00Z`);
  return Number.isFinite(day.getTime()) && day.toISOString().slice(0, 10) === text ? day : null;
}

/** Why `text` cannot start a plan generated at `now`, or null when it can (blank: the plan starts on `now`'s day). */
export function planStartProblem(text: string | null | undefined, now: Date): string | null {
  if (!text?.trim()) return null;
  const day = parsePlanStart(text.trim());
  if (!day) return PLAN_START_MESSAGES.format;
  const today = Date.parse(now.toISOString().slice(0, 10));
  if (day.getTime() > today) return PLAN_START_MESSAGES.future;
  if (day.getTime() < today - PLAN_START_MAX_WEEKS_BACK * 7 * DAY_MS) return PLAN_START_MESSAGES.tooEarly;
  return null;
}

/** The day a plan's phases are laid out from: its chosen start, else its generation day. */
export function planAnchor(startDate: string | null | undefined, generatedAt: Date): Date {
  return (startDate && parsePlanStart(startDate)) || generatedAt;
}
