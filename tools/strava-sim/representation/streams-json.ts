import type { SimStreams } from '../demo/streams.ts';

/**
 * GET /activities/{id}/streams. Strava returns the requested stream types the activity has, plus
 * the series the streams are indexed by (`distance`, or `time` when there is no distance) even
 * when not asked for; without `keys` that series alone (fixture
 * streams_run_distance_key_by_type.json). `key_by_type=true` gives an object keyed by type
 * (streams_ride_power_key_by_type.json), otherwise a list of objects with a `type` field.
 */
const STREAM_TYPES = ['time', 'distance', 'latlng', 'altitude', 'velocity_smooth', 'heartrate', 'cadence', 'watts', 'temp', 'moving', 'grade_smooth'] as const;
type StreamType = (typeof STREAM_TYPES)[number];

function streamData(streams: SimStreams, type: StreamType): unknown[] | null {
  const list = (values: ArrayLike<number> | null) => (values ? Array.from(values) : null);
  switch (type) {
    case 'time':
      return Array.from({ length: streams.length }, (_, i) => i);
    case 'distance':
      return list(streams.distanceM);
    case 'latlng': {
      const latlng = streams.latlng;
      return latlng ? Array.from({ length: streams.length }, (_, i) => [latlng[2 * i], latlng[2 * i + 1]]) : null;
    }
    case 'altitude':
      return list(streams.altitudeM);
    case 'velocity_smooth':
      return list(streams.velocityMps);
    case 'heartrate':
      return list(streams.heartrateBpm);
    case 'cadence':
      return list(streams.cadenceRpm);
    case 'watts':
      return list(streams.powerW);
    case 'temp':
      return list(streams.temperatureC);
    case 'moving':
      return Array.from(streams.moving, (value) => value === 1);
    case 'grade_smooth':
      return list(streams.gradePct);
  }
}

export function streamsJson(streams: SimStreams, requestedKeys: readonly string[], keyByType: boolean): unknown {
  const seriesType: StreamType = streams.distanceM ? 'distance' : 'time';
  const wanted = new Set<string>([...requestedKeys, seriesType]);
  const entries: [StreamType, unknown[]][] = [];
  for (const type of STREAM_TYPES) {
    if (!wanted.has(type)) continue;
    const data = streamData(streams, type);
    if (data) entries.push([type, data]);
  }
  const describe = (data: unknown[]) => ({ data, series_type: seriesType, original_size: streams.length, resolution: 'high' });
  if (keyByType) return Object.fromEntries(entries.map(([type, data]) => [type, describe(data)]));
  return entries.map(([type, data]) => ({ type, ...describe(data) }));
}
