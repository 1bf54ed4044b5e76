import type { PreparationType, TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { formatCalendarDay } from '../../../shared/format.ts';

export { planTitle } from '../../../shared/api/training-plans.ts';

export const PREPARATION_LABELS: Record<PreparationType, string> = {
  event: 'Event',
  pr: 'Personal Record',
  'general-fitness': 'General Fitness',
};

/** The card's and header's "when": the event date, the PR timeline or the plan's duration. */
export function planWhen(plan: Pick<TrainingPlanView, 'preparationType' | 'eventDate' | 'prTimeline' | 'planDuration'>): string | null {
  if (plan.preparationType === 'event') {
    if (!plan.eventDate) return null;
    return `Event date: ${formatDay(plan.eventDate)}`;
  }
  if (plan.preparationType === 'pr') return plan.prTimeline ? `Timeline: ${plan.prTimeline}` : null;
  return plan.planDuration ? `Duration: ${plan.planDuration}` : null;
}

export const PHASE_LABELS = { base: 'Base', build: 'Build', 'peak-and-taper': 'Peak and taper' } as const;

/** A YYYY-MM-DD day in the one date shape (shared/format.ts, ADR 0072): 'Tue, Mar 10'; anything else as typed. */
export function formatDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && Number.isFinite(Date.parse(`${day}T00:00:00Z`)) ? formatCalendarDay(day) : day;
}

/** Spec §2: '1 plan' / 'n plans'. */
export const planCount = (count: number) => `${count} plan${count === 1 ? '' : 's'}`;
