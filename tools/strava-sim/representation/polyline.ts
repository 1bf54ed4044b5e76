/**
 * Google's Encoded Polyline Algorithm Format (precision 5), the format of Strava's `map.polyline`
 * and `map.summary_polyline`:
 * https://developers.google.com/maps/documentation/utilities/polylinealgorithm
 */
function encodeSignedValue(value: number): string {
  let remaining = value < 0 ? ~(value << 1) : value << 1;
  let encoded = '';
  while (remaining >= 0x20) {
    encoded += String.fromCharCode((0x20 | (remaining & 0x1f)) + 63);
    remaining >>= 5;
  }
  return encoded + String.fromCharCode(remaining + 63);
}

/**
 * Encodes every `step`-th point of an interleaved [lat, lng, lat, lng, …] array, always keeping
 * the last point so the line ends where the activity ended.
 */
export function encodePolyline(latlng: Float64Array, step: number): string {
  const pointCount = latlng.length / 2;
  if (pointCount === 0) return '';
  const stride = Math.max(1, Math.floor(step));
  let encoded = '';
  let previousLat = 0;
  let previousLng = 0;
  const append = (index: number) => {
    const lat = Math.round((latlng[2 * index] ?? 0) * 1e5);
    const lng = Math.round((latlng[2 * index + 1] ?? 0) * 1e5);
    encoded += encodeSignedValue(lat - previousLat) + encodeSignedValue(lng - previousLng);
    previousLat = lat;
    previousLng = lng;
  };
  let last = 0;
  for (let index = 0; index < pointCount; index += stride) {
    append(index);
    last = index;
  }
  if (last !== pointCount - 1) append(pointCount - 1);
  return encoded;
}
