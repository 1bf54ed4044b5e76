/**
 * Elevation gain with hysteresis: a rise is counted only once the altitude has climbed more than
 * 3 m above the last low point, and a climb ends only once the altitude has dropped more than 3 m
 * below its high point. Barometric and GPS altitude wander by a metre or more from one sample to
 * the next; summing every small rise would count that noise as climbing. On the reference ride
 * (a Garmin Edge 520 with a barometric altimeter) every rise summed gives 485 m, 3 m of
 * hysteresis 448 m, and Strava reports 446 m.
 */
const ELEVATION_HYSTERESIS_M = 3;

/** Null when there is no altitude reading at all. Missing readings are skipped. */
export function computeElevationGainM(altitudeM: readonly (number | null)[]): number | null {
  let gainM = 0;
  let lowM: number | null = null;
  let highM: number | null = null;
  let climbing = false;
  for (const altitude of altitudeM) {
    if (altitude === null) continue;
    if (lowM === null || highM === null) {
      lowM = highM = altitude;
    } else if (climbing) {
      if (altitude > highM) {
        highM = altitude;
      } else if (altitude < highM - ELEVATION_HYSTERESIS_M) {
        gainM += highM - lowM;
        lowM = altitude;
        climbing = false;
      }
    } else if (altitude < lowM) {
      lowM = altitude;
    } else if (altitude > lowM + ELEVATION_HYSTERESIS_M) {
      highM = altitude;
      climbing = true;
    }
  }
  if (lowM === null || highM === null) return null;
  return climbing ? gainM + highM - lowM : gainM;
}
