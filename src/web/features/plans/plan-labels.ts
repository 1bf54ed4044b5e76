import type { PreparationType, TrainingPlanView } from '../../../shared/api/training-plans.ts';

export { planTitle } from '../../../shared/api/training-plans.ts';

export const PREPARATION_LABELS: Record<PreparationType, string> = {
  event: 'Event',
  pr: 'Personal Record',
  'general-fitness': 'General Fitness',
};

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The card's and header's "when": the event date, the PR timeline or the plan's duration. */
export function planWhen(plan: Pick<TrainingPlanView, 'preparationType' | 'eventDate' | 'prTimeline' | 'planDuration'>): string | null {
  if (plan.preparationType === 'event') {
    if (!plan.eventDate) return null;
    const date = /^\d{4}-\d{2}-\d{2}$/.test(plan.eventDate) ? new Date(`${plan.eventDate}T00:00:00Z`) : null;
    return `Event date: ${date && Number.isFinite(date.getTime()) ? DATE_FORMAT.format(date) : plan.eventDate}`;
  }
  if (plan.preparationType === 'pr') return plan.prTimeline ? `Timeline: ${plan.prTimeline}` : null;
  return plan.planDuration ? `Duration: ${plan.planDuration}` : null;
}

export const PHASE_LABELS = { base: 'Base', build: 'Build', 'peak-and-taper': 'Peak and taper' } as const;

/** 'March 10, 2026' for a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isFinite(date.getTime()) ? DATE_FORMAT.format(date) : day;
}

/** Spec §2: '1 plan' / 'n plans'. */
export const planCount = (count: number) => `${count} plan${count === 1 ? '' : 's'}`;
