import clsx from 'clsx';
import { Bike, Dumbbell, Footprints, Mountain, type LucideIcon } from 'lucide-react';
import type { ActivityFamily } from '../../lib/activity-family.ts';

/** Spec §9 icon mapping; everything outside the four families uses the run icon. */
const icons: Record<ActivityFamily, LucideIcon> = {
  run: Footprints,
  ride: Bike,
  workout: Dumbbell,
  hike: Mountain,
  other: Footprints,
};

export function ActivityTypeIcon({ family, className }: { family: ActivityFamily; className?: string }) {
  const Icon = icons[family];
  return <Icon aria-hidden className={clsx('size-4.5', className)} />;
}
