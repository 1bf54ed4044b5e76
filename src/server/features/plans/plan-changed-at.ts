import { sql, type SQL } from 'drizzle-orm';
import { trainingPlans } from '../../db/schema.ts';

/**
 * The `updated_at` a change gives a plan: now, and at least a second after its last change. The
 * calendar's SEQUENCE counts the plan's last change in seconds (ADR 0040): two changes within one
 * second (a proposal accepted in the second its check-in was reviewed) gave the changed calendar
 * the same SEQUENCE, and a calendar app may then keep the old events.
 */
export function planChangedAt(now: Date = new Date()): SQL<Date> {
  return sql<Date>`greatest(${now.toISOString()}::timestamptz, ${trainingPlans.updatedAt} + interval '1 second')`;
}
