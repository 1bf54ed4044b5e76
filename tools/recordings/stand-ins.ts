import type { Block, GeneratedRecording, Terrain } from './model.ts';
import { generateRecording, type RecordingFormat } from './generate.ts';

/** Options of every preset: the start is the caller's (never the clock), the seed picks the noise. */
export interface PresetOptions {
  start: Date;
  seed?: number;
}

export const ROLLING_HILLS: Terrain = { baseM: 420, hills: [{ amplitudeM: 40, wavelengthM: 9_000 }, { amplitudeM: 12, wavelengthM: 2_300, phase: 1 }] };
export const FLAT: Terrain = { baseM: 12, hills: [] };

/** Warm-up, five 4-minute intervals with 3-minute recoveries, a tempo block and a cool-down: 78 min. */
export function intervalRideBlocks(): Block[] {
  const blocks: Block[] = [{ durationS: 900, powerW: 150, heartRateBpm: 125, cadence: 85 }];
  for (let i = 0; i < 5; i++) {
    blocks.push({ durationS: 240, powerW: 300, heartRateBpm: 165, cadence: 95, lap: true });
    blocks.push({ durationS: 180, powerW: 140, heartRateBpm: 135, cadence: 85, lap: true });
  }
  blocks.push({ durationS: 1_200, powerW: 210, heartRateBpm: 150, cadence: 90, lap: true });
  blocks.push({ durationS: 480, powerW: 130, heartRateBpm: 120, cadence: 80, lap: true });
  return blocks;
}

/**
 * Stands for an Edge 810 + Vector ride: ≈78 min at 1 Hz, GPS, barometric altitude, power with
 * intervals, HR, cadence, temperature. As FIT, or the same session as a TCX as Garmin Connect
 * exports it (TPX watts and speed; TCX has no temperature or stated ascent).
 */
export function outdoorPowerRide({ start, seed = 810 }: PresetOptions, format: 'fit' | 'tcx' = 'fit'): GeneratedRecording {
  return generateRecording({
    name: 'outdoor-power-ride',
    spec: { kind: 'ride', start, seed, blocks: intervalRideBlocks(), terrain: ROLLING_HILLS, coastBelowGrade: -0.035, temperatureC: 21 },
    format,
    points: { position: true, distance: true, speed: true, power: true, heartRate: true, cadence: true, temperature: true, altitude: 'barometric' },
    deviceAscentFactor: 0.97,
    notes: ['Edge 810 + Vector stand-in: 1 Hz, barometric altitude, coasting written as 0 W, 13 laps (warm-up, 5 × interval + recovery, tempo, cool-down).'],
  });
}

/** Stands for a trainer ride: ≈38 min FIT, indoor cycling, no GPS or distance, power missing on 36 records, HR, cadence. */
export function indoorTrainerRide({ start, seed = 38 }: PresetOptions): GeneratedRecording {
  const blocks: Block[] = [
    { durationS: 600, powerW: 140, heartRateBpm: 120, cadence: 85 },
    { durationS: 1_200, powerW: 220, heartRateBpm: 150, cadence: 92, lap: true },
    { durationS: 480, powerW: 130, heartRateBpm: 125, cadence: 80, lap: true },
  ];
  return generateRecording({
    name: 'indoor-trainer-ride',
    spec: { kind: 'ride', start, seed, blocks },
    format: 'fit',
    fitSport: ['cycling', 'indoorCycling'],
    points: { power: true, heartRate: true, cadence: true, powerDropouts: 36 },
    notes: ['Trainer ride: no position, distance or speed; 36 records without power (the true power stands).'],
  });
}

/** The same ≈222 s run (≈190 s on the timer: one 32 s manual pause) with smart recording, HR, cadence and GPS. */
export function shortRun({ start, seed = 222 }: PresetOptions, format: Exclude<RecordingFormat, 'gpx10'> = 'fit'): GeneratedRecording {
  return generateRecording({
    name: `short-run-${format}`,
    spec: {
      kind: 'run',
      start,
      seed,
      blocks: [{ durationS: 190, speedMps: 3.3, heartRateBpm: 150, cadence: 84 }],
      pauses: [{ afterMovingS: 100, durationS: 32, timer: 'manual' }],
      terrain: FLAT,
    },
    format,
    points: { position: true, distance: format !== 'gpx', speed: format !== 'gpx', heartRate: true, cadence: true, altitude: 'barometric', interval: [1, 6] },
    notes: ['Smart recording (1–6 s between points), a 32 s pause with the timer stopped (no points meanwhile).'],
  });
}

/** A ≈16 min run as Strava exports it as TCX: UTF-8 BOM, times at −04:00, a point every 5 s, one lap, HR. */
export function stravaExportRunTcx({ start, seed = 16 }: PresetOptions): GeneratedRecording {
  return generateRecording({
    name: 'strava-export-run',
    spec: { kind: 'run', start, seed, blocks: [{ durationS: 960, speedMps: 3.0, heartRateBpm: 148 }], terrain: { baseM: 35, hills: [{ amplitudeM: 6, wavelengthM: 1_500 }] } },
    format: 'tcx',
    points: { position: true, distance: true, heartRate: true, altitude: 'barometric', interval: 5 },
    tcx: { bom: true, offsetMinutes: -240 },
    notes: ['Strava TCX export: BOM, local times with a −04:00 offset, 5 s sampling, no cadence or power.'],
  });
}

/** A ≈2 h hike as GPX 1.0: waypoints, a track sampled every 10–90 s with elevation, no heart rate. */
export function sparseHikeGpx({ start, seed = 90 }: PresetOptions): GeneratedRecording {
  return generateRecording({
    name: 'sparse-hike',
    spec: { kind: 'hike', start, seed, blocks: [{ durationS: 7_200, speedMps: 1.4, heartRateBpm: 110 }], terrain: { baseM: 800, hills: [{ amplitudeM: 150, wavelengthM: 6_000 }] }, origin: [45.9, 7.1] },
    format: 'gpx10',
    points: { position: true, altitude: 'true', interval: [10, 90] },
    gpx: { waypoints: [{ lat: 45.9, lon: 7.1, name: 'Start' }, { lat: 45.93, lon: 7.14, name: 'Col' }] },
    notes: ['GPX 1.0: two waypoints, track points every 10–90 s, elevation without noise, no heart rate.'],
  });
}
