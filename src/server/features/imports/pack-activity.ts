import type { ActivityStreams } from '../../../metrics/activity-streams.ts';
import { packStreams } from '../../db/stream-codec.ts';
import type { PackedActivity, ParsedActivity, StreamExtremes } from './parsed-activity.ts';

/** A parsed activity ready to store: its streams packed, what its summary reads of them taken first. Runs in the file reader's worker. */
export function packActivity({ streams, ...parsed }: ParsedActivity): PackedActivity {
  return { ...parsed, extremes: streamExtremes(streams), streams: packStreams(streams) };
}

function streamExtremes(streams: ActivityStreams): StreamExtremes {
  const altitude = extremes(streams.altitudeM);
  return {
    altitudeHighM: altitude.high,
    altitudeLowM: altitude.low,
    maxSpeedMps: extremes(streams.speedMps).high,
    startLatlng: endPoint(streams.latlng, false),
    endLatlng: endPoint(streams.latlng, true),
  };
}

/** Highest and lowest known value (an indexed loop: streams are too long to spread into Math.max, and an iterator allocates per sample). */
function extremes(values: (number | null)[] | undefined): { high: number | null; low: number | null } {
  let high: number | null = null;
  let low: number | null = null;
  if (!values) return { high, low };
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (value == null) continue;
    if (high === null || value > high) high = value;
    if (low === null || value < low) low = value;
  }
  return { high, low };
}

/** The first (or last) recorded position. */
function endPoint(latlng: ([number, number] | null)[] | undefined, fromEnd: boolean): [number, number] | null {
  if (!latlng) return null;
  for (let k = 0; k < latlng.length; k += 1) {
    const point = latlng[fromEnd ? latlng.length - 1 - k : k];
    if (point) return point;
  }
  return null;
}
