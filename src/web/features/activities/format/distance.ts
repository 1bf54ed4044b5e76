import type { UnitSystem } from '../../../../shared/domain/unit-system.ts';
import type { Measure } from './measure.ts';

/** Spec §9: 1 mi = 1609.34 m. */
export const METRES_PER_MILE = 1609.34;

/** Spec §9: one decimal, in kilometres or (imperial) miles. */
export function formatDistance(distanceM: number, units: UnitSystem): Measure {
  const metres = Math.max(0, distanceM);
  return units === 'imperial'
    ? { value: (metres / METRES_PER_MILE).toFixed(1), unit: 'mi' }
    : { value: (metres / 1000).toFixed(1), unit: 'km' };
}
