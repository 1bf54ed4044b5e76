import { describe, expect, it } from 'vitest';
import { encodePolyline } from '../../tools/strava-sim/representation/polyline.ts';

describe('strava-sim polyline encoding', () => {
  it("encodes Google's reference example", () => {
    // https://developers.google.com/maps/documentation/utilities/polylinealgorithm
    const points = new Float64Array([38.5, -120.2, 40.7, -120.95, 43.252, -126.453]);
    expect(encodePolyline(points, 1)).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
  });

  it('keeps every n-th point and always the last one', () => {
    const points = new Float64Array([38.5, -120.2, 39, -120.5, 40.7, -120.95, 42, -123, 43.252, -126.453]);
    const everySecond = encodePolyline(points, 2);
    expect(everySecond).toBe(encodePolyline(new Float64Array([38.5, -120.2, 40.7, -120.95, 43.252, -126.453]), 1));
    expect(encodePolyline(new Float64Array([38.5, -120.2, 40.7, -120.95, 42, -123, 43.252, -126.453]), 2)).toBe(
      encodePolyline(new Float64Array([38.5, -120.2, 42, -123, 43.252, -126.453]), 1),
    );
    expect(encodePolyline(new Float64Array(), 1)).toBe('');
  });
});
