import { z } from 'zod';
import { sessionFocuses, sessionStep } from './analysis.ts';
import { calendarDay } from './wellness.ts';
import { readinessStates } from './wellness.ts';

/**
 * The day plan (ADR 0068): one decision per date of what the athlete does, which Home, the plan
 * view, every analysis's next session, the calendar feed and file and the workout downloads read.
 * Each day says where its decision came from: an active plan (with the changes the athlete
 * accepted), today's readiness holding a hard session back, or Kai's suggestion after the latest
 * activity when no plan covers the day.
 */

export const DAY_PLAN_MAX_DAYS = 62;

export const dayPlanQuery = z.object({
  /** The athlete's today (their time zone); UTC's today when absent. It must be within a day of UTC's. */
  today: calendarDay.optional(),
  /** The first day shown; `today` when absent. At most 31 days before `today`. */
  from: calendarDay.optional(),
  days: z.coerce.number().int().min(1).max(DAY_PLAN_MAX_DAYS).default(14),
});
export type DayPlanQuery = z.infer<typeof dayPlanQuery>;

export const daySessionSports = ['ride', 'run', 'swim', 'strength', 'other'] as const;
export type DaySessionSport = (typeof daySessionSports)[number];

/** A session as every reader shows it: one title, one duration, one description. */
export const daySession = z.object({
  title: z.string(),
  sport: z.enum(daySessionSports),
  /** How hard, on the coach's ladder: the analysis's next session and the readiness rule read it. */
  focus: z.enum(sessionFocuses),
  durationMin: z.number().int().positive(),
  /** The targets in words, e.g. 'Zone 2 (56–75 % FTP)'; null where the session names none. */
  zones: z.string().nullable(),
  description: z.string(),
  /** Structured steps (targets in % FTP, heart-rate zones or perceived effort); null for sessions without structure. */
  steps: z.array(sessionStep).nullable(),
});
export type DaySession = z.infer<typeof daySession>;

export const dayPlanSources = ['plan', 'coach', 'none'] as const;
export type DayPlanSource = (typeof dayPlanSources)[number];

export const dayPlanDay = z.object({
  /** YYYY-MM-DD. */
  date: z.string(),
  /** What to do; null: a rest day (source 'plan') or nothing decided (source 'none'). */
  session: daySession.nullable(),
  /**
   * 'plan': an active plan covers the day; 'coach': Kai's next session after the latest activity,
   * no plan covering the day; 'none': neither.
   */
  source: z.enum(dayPlanSources),
  plan: z.object({ id: z.string(), name: z.string() }).nullable(),
  /**
   * What changed the plan's own session: an accepted adjustment, or today's readiness holding a
   * hard session back. `planned` is the plan's (or Kai's) session before it (null: a rest day).
   */
  change: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('adjustment'), adjustmentId: z.string(), planned: daySession.nullable() }),
      z.object({ kind: z.literal('readiness'), planned: daySession }),
    ])
    .nullable(),
  /** A proposal still waiting for the athlete that would change this day. */
  proposal: z.object({ adjustmentId: z.string(), planId: z.string(), reason: z.string(), session: daySession.nullable() }).nullable(),
  /** Today only: the readiness the decision took into account. */
  readiness: z.object({ state: z.enum(readinessStates), reason: z.string().nullable() }).nullable(),
  /** The plan's event or PR attempt falls on this day. */
  raceDay: z.boolean(),
  /** One sentence on why the day holds what it holds. */
  why: z.string(),
});
export type DayPlanDay = z.infer<typeof dayPlanDay>;

export const dayPlanAnswer = z.object({
  today: z.string(),
  days: z.array(dayPlanDay),
});
export type DayPlanAnswer = z.infer<typeof dayPlanAnswer>;

/** Whether two sessions are the same to the athlete: same title, sport and minutes. */
export function sameDaySession(a: DaySession | null, b: DaySession | null): boolean {
  if (a === null || b === null) return a === b;
  return a.title === b.title && a.sport === b.sport && a.durationMin === b.durationMin;
}
