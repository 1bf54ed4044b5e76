/**
 * Power to weight (W/kg), one definition for every screen (docs/decisions/0071): watts over the
 * stored body weight, to the hundredth, as coaches quote it ('3.42 W/kg'). Null without a weight
 * (or a weight that is no weight): a ratio is never made up.
 */
export function wattsPerKg(watts: number, weightKg: number | null): number | null {
  if (weightKg === null || !(weightKg > 0) || !Number.isFinite(watts)) return null;
  return Math.round((watts / weightKg) * 100) / 100;
}
