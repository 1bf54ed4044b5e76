import { Dumbbell, Timer, Trophy } from 'lucide-react';
import type { PreparationType } from '../../../shared/api/training-plans.ts';

const ICONS = { event: Trophy, pr: Timer, 'general-fitness': Dumbbell } as const;

/** The icon of a plan type: a trophy for an event, a stopwatch for a PR, a dumbbell for general fitness. */
export function PlanTypeIcon({ type, className }: { type: PreparationType; className?: string }) {
  const Icon = ICONS[type];
  return <Icon aria-hidden className={className} />;
}
