/** How distances, elevations and paces are shown (spec §3 user settings, §9 formats). */
export const unitSystems = ['metric', 'imperial'] as const;
export type UnitSystem = (typeof unitSystems)[number];

/** Spec §9: a new account, and any athlete whose settings are not loaded, sees metric. */
export const DEFAULT_UNIT_SYSTEM: UnitSystem = 'metric';

export function isUnitSystem(value: unknown): value is UnitSystem {
  return value === 'metric' || value === 'imperial';
}
