import type { AskSource } from '../../../shared/api/coach-conversations.ts';
import { activityPath } from '../activities/index.ts';

/**
 * Where a source chip under an answer leads: an activity to its page; a period to the activity
 * list; the fitness series and the power curve to Home, where an activity's page draws them; a
 * plan to its page (the plan list when none is named); readiness to the check-in; the profile to
 * the profile.
 */
export function sourceHref(source: AskSource): string {
  switch (source.kind) {
    case 'activity':
      return source.activityId ? activityPath(source.activityId) : '/';
    case 'plan':
      return source.planId ? `/training-plan/view?id=${encodeURIComponent(source.planId)}` : '/training-plan';
    case 'readiness':
      return '/check-in';
    case 'profile':
      return '/profile';
    case 'period':
    case 'fitness':
    case 'power-curve':
      return '/';
  }
}
