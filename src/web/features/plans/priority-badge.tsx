import type { PlanGap } from '../../../shared/api/training-plans.ts';
import { Badge, type BadgeVariant } from '../../ui/badge.tsx';

/** Spec §2: critical shows as destructive, high as default, others as secondary. */
export function priorityVariant(priority: PlanGap['priority']): BadgeVariant {
  if (priority === 'critical') return 'destructive';
  if (priority === 'high') return 'default';
  return 'secondary';
}

export function PriorityBadge({ priority }: { priority: PlanGap['priority'] }) {
  return <Badge variant={priorityVariant(priority)}>{priority}</Badge>;
}
