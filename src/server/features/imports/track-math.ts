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
 * Slower than this on foot (or in any sport but riding) the athlete is standing, not moving: 0.5 m/s
 * (1.8 km/h) is below any walking pace, steep hiking included, and above GPS drift while standing.
 */
export const footMovingSpeedMps = 0.5;
/**
 * Slower than this on a bike the rider is stopped: 1 m/s (3.6 km/h) is below the slowest climb
 * and walking a bike, and above the creep of a track stand or of wheeling up to a junction.
 */
export const ridingMovingSpeedMps = 1;

/**
 * A stay: a stretch of at least `stayMinDurationS` whose positions all lie within `stayRadiusM` of
 * its first one is the athlete standing while the recorder keeps writing GPS wander, however fast
 * the wander looks from point to point. 5 m in 15 s is 0.33 m/s, slower than `footMovingSpeedMps`,
 * so no walk is ever a stay.
 */
const stayRadiusM = 5;
const stayMinDurationS = 15;

/**
 * Which intervals between consecutive samples lie in a stay (see `stayRadiusM`): entry i is the
 * interval from sample i to sample i + 1 (the last entry is false). A sample without a position
 * neither extends nor breaks a stay.
 */
export function stayIntervals(timeS: readonly number[], latlng: readonly ([number, number] | null)[] | undefined): boolean[] {
  const inStay = new Array<boolean>(timeS.length).fill(false);
  if (!latlng) return inStay;
  let first = 0;
  while (first < timeS.length - 1) {
    const origin = latlng[first];
    if (!origin) {
      first++;
      continue;
    }
    let last = first;
    for (let next = first + 1; next < timeS.length; next++) {
      const point = latlng[next];
      if (point && haversineDistanceM(origin, point) > stayRadiusM) break;
      if (point) last = next;
    }
    if ((timeS[last] ?? 0) - (timeS[first] ?? 0) >= stayMinDurationS) {
      for (let index = first; index < last; index++) inStay[index] = true;
      first = last;
    } else {
      first++;
    }
  }
  return inStay;
}

/**
 * Kairo's moving time for a track without timer pauses (GPX, a TCX whose timer never stopped):
 * entry i says whether the interval from sample i to sample i + 1 was moving (the last entry is
 * false). An interval moves when its distance grows at `minSpeedMps` or faster, however long it is
 * (handheld units record on a change of direction, and a tunnel drops the fix: a sparse track still
 * moves, while a gap across which the position barely changed is a stop), and it does not lie in a
 * stay (`stayIntervals`: GPS wander at a standstill). An interval whose distance is unknown at
 * either end counts as standing.
 */
export function movingIntervals(
  timeS: readonly number[],
  distanceM: readonly (number | null)[],
  latlng: readonly ([number, number] | null)[] | undefined,
  minSpeedMps: number,
): boolean[] {
  const inStay = stayIntervals(timeS, latlng);
  return timeS.map((startS, index) => {
    const endS = timeS[index + 1];
    if (endS === undefined || endS <= startS || inStay[index]) return false;
    // An unknown distance makes NaN, and NaN fails the threshold: the interval counts as standing.
    const coveredM = (distanceM[index + 1] ?? NaN) - (distanceM[index] ?? NaN);
    return coveredM / (endS - startS) >= minSpeedMps;
  });
}

/** The seconds of the intervals `movingIntervals` marks as moving. */
export function movingSecondsOf(timeS: readonly number[], moving: readonly boolean[]): number {
  let movingS = 0;
  for (let index = 0; index < timeS.length - 1; index++) {
    if (moving[index]) movingS += (timeS[index + 1] ?? 0) - (timeS[index] ?? 0);
  }
  return movingS;
}

/**
 * The moving seconds (`movingIntervals`) between two times, an interval that straddles either
 * counted for its part inside: a lap's share of the activity's moving time.
 */
export function movingSecondsBetween(timeS: readonly number[], moving: readonly boolean[]): (fromS: number, toS: number) => number {
  return (fromS, toS) => {
    let movingS = 0;
    for (let index = 0; index < timeS.length - 1; index++) {
      if (!moving[index]) continue;
      const overlapS = Math.min(toS, timeS[index + 1]!) - Math.max(fromS, timeS[index]!);
      if (overlapS > 0) movingS += overlapS;
    }
    return movingS;
  };
}
