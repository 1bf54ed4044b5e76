/** IUGG mean Earth radius, the usual sphere for haversine distances. */
const earthRadiusM = 6_371_008.8;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two [lat, lng] points in degrees (haversine formula). */
export function haversineDistanceM(from: [number, number], to: [number, number]): number {
  const dLat = toRadians(to[0] - from[0]);
  const dLng = toRadians(to[1] - from[1]);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from[0])) * Math.cos(toRadians(to[0])) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Cumulative distance along the positions. A sample without a position gets null; the next
 * position continues from the last known one, so a GPS dropout costs the straight line only.
 */
export function cumulativeDistanceM(latlng: ([number, number] | null)[]): (number | null)[] {
  let totalM = 0;
  let previous: [number, number] | null = null;
  return latlng.map((point) => {
    if (point === null) return null;
    if (previous !== null) totalM += haversineDistanceM(previous, point);
    previous = point;
    return totalM;
  });
}

/**
 * Whether every known position lies within `radiusM` of the first one: the recorder stamped one
 * location (a phone's last fix) on an indoor session rather than tracking a route.
 */
export function staysWithinRadius(latlng: ([number, number] | null)[], radiusM: number): boolean {
  const origin = latlng.find((point) => point !== null);
  if (!origin) return true;
  return latlng.every((point) => point === null || haversineDistanceM(origin, point) <= radiusM);
}

/**
 * A recorded cumulative distance that steps backwards is a recorder glitch (Fitbit's TCX ends with
 * a 0.0): such readings become null so the stream stays non-decreasing.
 */
export function dropBackwardDistances(distanceM: (number | null)[]): (number | null)[] {
  let maxM = -Infinity;
  return distanceM.map((valueM) => {
    if (valueM === null || valueM < maxM) return null;
    maxM = valueM;
    return valueM;
  });
}

/** The last known value of a stream, or null when it has none. */
export function lastKnown(values: (number | null)[]): number | null {
  for (let index = values.length - 1; index >= 0; index--) {
    const value = values[index];
    if (value !== null && value !== undefined) return value;
  }
  return null;
}

/**
 * Altitude changes smaller than this are GPS/barometer noise. 3 m is GoldenCheetah's default
 * elevation hysteresis.
 */
const elevationHysteresisM = 3;

/**
 * Total ascent with hysteresis: a climb counts once altitude has risen 3 m above the last
 * reference point, and the reference only moves down after a 3 m drop. Null without altitude.
 */
export function elevationGainM(altitudeM: (number | null)[]): number | null {
  let referenceM: number | null = null;
  let gainM = 0;
  for (const valueM of altitudeM) {
    if (valueM === null) continue;
    if (referenceM === null) {
      referenceM = valueM;
    } else if (valueM - referenceM >= elevationHysteresisM) {
      gainM += valueM - referenceM;
      referenceM = valueM;
    } else if (referenceM - valueM >= elevationHysteresisM) {
      referenceM = valueM;
    }
  }
  return referenceM === null ? null : gainM;
}

/**
 * Slower than this the athlete is standing, not moving: 0.5 m/s (1.8 km/h) is below any walking
 * pace, including steep hiking, and above GPS drift while standing still.
 */
const movingSpeedThresholdMps = 0.5;

/**
 * Moving time for files without a timer (GPX): the sum of the intervals between consecutive
 * samples whose average speed reaches `movingSpeedThresholdMps`. An interval whose distance is
 * unknown at either end counts as standing. Without any distance, the whole time counts as moving.
 */
export function movingTimeFromDistanceS(timeS: number[], distanceM: (number | null)[]): number {
  if (distanceM.every((valueM) => valueM === null)) return (timeS.at(-1) ?? 0) - (timeS[0] ?? 0);
  let movingS = 0;
  for (let index = 1; index < timeS.length; index++) {
    const intervalS = (timeS[index] ?? 0) - (timeS[index - 1] ?? 0);
    // An unknown distance makes NaN, and NaN fails the threshold: the interval counts as standing.
    const coveredM = (distanceM[index] ?? NaN) - (distanceM[index - 1] ?? NaN);
    if (intervalS > 0 && coveredM / intervalS >= movingSpeedThresholdMps) movingS += intervalS;
  }
  return movingS;
}
