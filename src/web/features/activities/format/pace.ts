import type { UnitSystem } from '../../../../shared/domain/unit-system.ts';
import { METRES_PER_MILE } from './distance.ts';
import type { Measure } from './measure.ts';

/**
 * Spec §9: minutes:seconds per kilometre or (imperial) per mile, from moving time and distance.
 * Null when there is no distance to divide by (a treadmill without a foot pod, say).
 */
export function formatPace(movingTimeS: number, distanceM: number, units: UnitSystem): Measure | null {
  if (!(distanceM > 0) || !(movingTimeS > 0)) return null;
  const metresPerUnit = units === 'imperial' ? METRES_PER_MILE : 1000;
  const secondsPerUnit = Math.round(movingTimeS / (distanceM / metresPerUnit));
  const minutes = Math.floor(secondsPerUnit / 60);
  const seconds = secondsPerUnit % 60;
  return { value: `${minutes}:${String(seconds).padStart(2, '0')}`, unit: units === 'imperial' ? '/mi' : '/km' };
}
