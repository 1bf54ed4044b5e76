import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatPace, type Measure } from '../../../shared/format.ts';

/**
 * The average pace of moving time over distance, per kilometre or (imperial) per mile. Null when
 * there is no distance to divide by (a treadmill without a foot pod, say).
 */
export function averagePace(movingTimeS: number, distanceM: number, units: UnitSystem): Measure | null {
  if (!(distanceM > 0) || !(movingTimeS > 0)) return null;
  return formatPace(movingTimeS / (distanceM / 1000), units);
}
