import type { UnitSystem } from '../../../../shared/domain/unit-system.ts';
import type { Measure } from './measure.ts';

/** Spec §9: metres to feet. */
export const FEET_PER_METRE = 3.28084;

/** Spec §9: rounded to whole metres or (imperial) feet. */
export function formatElevation(elevationM: number, units: UnitSystem): Measure {
  const metres = Math.max(0, elevationM);
  return units === 'imperial'
    ? { value: String(Math.round(metres * FEET_PER_METRE)), unit: 'ft' }
    : { value: String(Math.round(metres)), unit: 'm' };
}
