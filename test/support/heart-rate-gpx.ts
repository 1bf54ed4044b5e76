import { DAY_MS } from '../../src/shared/time.ts';

export interface HeartRateGpxOptions {
  name: string;
  type: 'running' | 'cycling';
  /** Started this many days before `nowMs` (default: now). */
  daysAgo: number;
  nowMs?: number;
  peakBpm: number;
  spikeBpm?: number;
}

/**
 * A 10-minute GPX activity at one point a second: heart rate 130-150, a minute held at `peakBpm`
 * near the end, and, with `spikeBpm`, one reading at that (a strap losing contact).
 */
export function heartRateGpx(options: HeartRateGpxOptions): Buffer {
  const startMs = Math.floor(((options.nowMs ?? Date.now()) - options.daysAgo * DAY_MS) / 1000) * 1000;
  const step = options.type === 'running' ? 0.00003 : 0.00008;
  const points: string[] = [];
  for (let index = 0; index < 600; index++) {
    const hr = index === 200 && options.spikeBpm ? options.spikeBpm : index >= 500 && index < 560 ? options.peakBpm : 130 + (index % 21);
    const time = new Date(startMs + index * 1000).toISOString().replace('.000Z', 'Z');
    points.push(
      `<trkpt lat="${(46 + index * step).toFixed(6)}" lon="${(14 + index * step).toFixed(6)}"><ele>300</ele><time>${time}</time>` +
        `<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${hr}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>`,
    );
  }
  return Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Kairo test" xmlns="http://www.topografix.com/GPX/1/1" ' +
      'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">' +
      `<trk><name>${options.name}</name><type>${options.type}</type><trkseg>${points.join('\n')}</trkseg></trk></gpx>\n`,
  );
}


/**
 * An athlete's year in four uploads: two rides (one with a strap spike) and two runs, each with its
 * peak, so cycling and running get different max-HR estimates (ADR 0060: second-highest peak).
 */
export const RIDES_AND_RUNS_WITH_PEAKS = [
  { name: 'Long ride', type: 'cycling', daysAgo: 20, peakBpm: 178 },
  { name: 'Commute', type: 'cycling', daysAgo: 10, peakBpm: 171, spikeBpm: 236 },
  { name: 'Tempo run', type: 'running', daysAgo: 15, peakBpm: 192 },
  { name: 'Parkrun', type: 'running', daysAgo: 5, peakBpm: 191 },
] as const satisfies readonly HeartRateGpxOptions[];
