import type { AdjustmentSession, AdjustmentStatus, AdjustmentTrigger } from '../../../shared/api/plan-adjustments.ts';
import { minutesText, sessionName } from './compliance-labels.ts';

/** Words for Kai's proposals (ADR 0050). */

export const TRIGGER_LABELS: Record<AdjustmentTrigger, string> = {
  'readiness-low': 'Readiness low two days running',
  'form-deep': 'Form (TSB) below −30',
  'key-session-missed': 'Key session missed',
  'load-high': 'Load over plan',
  'load-low': 'Load under plan',
  'athlete-edit': 'Your edit',
};

export const STATUS_LABELS: Record<AdjustmentStatus, string> = {
  pending: 'Waiting for you',
  accepted: 'Accepted',
  declined: 'Declined',
  undone: 'Undone',
  superseded: 'Superseded',
};

/** 'Cycling - threshold' at 60 min → 'Cycling · threshold, 1 h', as the calendar names it; nothing on the day → 'Rest day'. */
export function sessionText(session: AdjustmentSession | null): string {
  return session ? `${sessionName(session.activityType)}, ${minutesText(session.durationMin)}` : 'Rest day';
}
