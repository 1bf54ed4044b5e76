/**
 * Time in zones. A zone model is the list of upper bounds of every zone but the last (which is
 * open). A value belongs to the lowest zone whose upper bound it does not exceed, so a bound
 * itself belongs to the zone below it: at FTP 200 W, 150 W (75 %) is zone 2 and 150.5 W is zone 3.
 */

/**
 * Coggan's seven power levels (Allen & Coggan, "Training and Racing with a Power Meter"), as upper
 * bounds in % of FTP: Z1 ≤ 55, Z2 56–75, Z3 76–90, Z4 91–105, Z5 106–120, Z6 121–150, Z7 > 150.
 */
export const COGGAN_POWER_ZONE_UPPER_BOUNDS_PCT_FTP = [55, 75, 90, 105, 120, 150] as const;

/**
 * Friel's heart-rate zones for cycling ("The Cyclist's Training Bible"), as upper bounds in % of
 * lactate-threshold heart rate, with his zones 5a–5c merged into one: Z1 ≤ 80, Z2 81–89,
 * Z3 90–93, Z4 94–99, Z5 ≥ 100. Used when the athlete has not set zones of their own.
 */
export const FRIEL_HEART_RATE_ZONE_UPPER_BOUNDS_PCT_LTHR = [80, 89, 93, 99] as const;

// Multiplying before dividing keeps whole-number bounds exact: 55 % of 200 W is 110 W, not 110.00000000000001.
export function computePowerZoneUpperBoundsW(ftpW: number): number[] {
  return COGGAN_POWER_ZONE_UPPER_BOUNDS_PCT_FTP.map((pct) => (pct * ftpW) / 100);
}

export function computeHeartRateZoneUpperBoundsBpm(lthrBpm: number): number[] {
  return FRIEL_HEART_RATE_ZONE_UPPER_BOUNDS_PCT_LTHR.map((pct) => (pct * lthrBpm) / 100);
}

/**
 * Seconds spent in each zone, one number per zone (upper bounds + 1), counting the included 1 Hz
 * samples that have a value.
 */
export function computeTimeInZonesS(
  values: readonly (number | null)[],
  upperBounds: readonly number[],
  included: readonly boolean[],
): number[] {
  const seconds = new Array<number>(upperBounds.length + 1).fill(0);
  for (let k = 0; k < values.length; k++) {
    const value = values[k];
    if (value != null && included[k]) seconds[zoneIndexOf(value, upperBounds)]!++;
  }
  return seconds;
}

function zoneIndexOf(value: number, upperBounds: readonly number[]): number {
  let index = 0;
  while (index < upperBounds.length && !(value <= upperBounds[index]!)) index++;
  return index;
}
