import { BrickWall, Leaf, Mountain, NotebookPen, Timer, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import type { RideDetailType } from '../../../shared/domain/ride-detail.ts';

/** Each ride-detail type's icon: drawn by the app, so it looks the same on every device (an emoji needs the system's font; ADR 16). */
export const RIDE_DETAIL_ICONS: Record<RideDetailType, LucideIcon> = {
  'time-crunch': Timer,
  'kom-segment': Mountain,
  'recovery-spin': Leaf,
  'endurance-builder': BrickWall,
  'structured-workout': TrendingUp,
  'social-group': Users,
  'custom-note': NotebookPen,
};
