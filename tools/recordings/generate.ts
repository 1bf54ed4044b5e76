import { encodeFitActivity, type FitActivity } from './fit-writer.ts';
import { sampleGroundTruth } from './ground-truth.ts';
import type { ActivityKind, ActivitySpec, ExpectedSport, GeneratedRecording, GroundSecond, RecordPoint } from './model.ts';
import { recordPoints, timerSpans, type PointOptions } from './points.ts';
import { computeTruth, lapSpans, trueClimbM } from './truth.ts';
import { encodeGpx, encodeTcx, type GpxActivity, type TcxActivity } from './xml-writers.ts';

export type RecordingFormat = 'fit' | 'tcx' | 'gpx' | 'gpx10';

/** One recording to generate: the activity, what the device writes of it, in which format. */
export interface RecordingRequest {
  /** File name without extension. */
  name: string;
  spec: ActivitySpec;
  format: RecordingFormat;
  points: Omit<PointOptions, 'seed'>;
  /** The sport Kairo should import it as; by default the kind's usual one. */
  sport?: ExpectedSport;
  /** FIT sport and sub sport (the SDK's names); by default the kind's. */
  fitSport?: [string, string];
  /** The FIT session states a total ascent of the true climbing times this factor (a barometric device's own figure). */
  deviceAscentFactor?: number;
  tcx?: Pick<TcxActivity, 'lapDistanceRestarts' | 'offsetMinutes' | 'bom'>;
  gpx?: Pick<GpxActivity, 'waypoints'>;
  /** Damages the written points (a time jump); the truth stays the ground truth's. */
  damage?: (points: RecordPoint[]) => RecordPoint[];
  notes?: string[];
}

const KIND_SPORT: Record<ActivityKind, { sport: ExpectedSport; fit: [string, string]; tcx: TcxActivity['sport']; gpx: string }> = {
  ride: { sport: 'Ride', fit: ['cycling', 'road'], tcx: 'Biking', gpx: 'cycling' },
  virtualRide: { sport: 'VirtualRide', fit: ['cycling', 'virtualActivity'], tcx: 'Biking', gpx: 'cycling' },
  run: { sport: 'Run', fit: ['running', 'generic'], tcx: 'Running', gpx: 'running' },
  hike: { sport: 'Hike', fit: ['hiking', 'generic'], tcx: 'Other', gpx: 'hiking' },
  openWaterSwim: { sport: 'Swim', fit: ['swimming', 'openWater'], tcx: 'Other', gpx: 'swimming' },
  poolSwim: { sport: 'Swim', fit: ['swimming', 'lapSwimming'], tcx: 'Other', gpx: 'swimming' },
  row: { sport: 'Rowing', fit: ['rowing', 'indoorRowing'], tcx: 'Other', gpx: 'rowing' },
  generic: { sport: 'Workout', fit: ['generic', 'generic'], tcx: 'Other', gpx: 'other' },
};

const EXTENSIONS: Record<RecordingFormat, string> = { fit: 'fit', tcx: 'tcx', gpx: 'gpx', gpx10: 'gpx' };

/** The block indices that start a lap (the first always does). */
export function lapStartBlocks(spec: ActivitySpec): Set<number> {
  return new Set(spec.blocks.flatMap((block, index) => (index === 0 || block.lap ? [index] : [])));
}

/** The ascent the device states, whole metres, or null. */
export function deviceAscentM(request: RecordingRequest, seconds: GroundSecond[]): number | null {
  const gain = trueClimbM(seconds);
  return request.deviceAscentFactor === undefined || gain === null ? null : Math.round(gain * request.deviceAscentFactor);
}

/** The FIT activity (one session) of a ground truth and its points. */
export function fitActivityOf(request: RecordingRequest, seconds: GroundSecond[], points: RecordPoint[]): FitActivity {
  const [sport, subSport] = request.fitSport ?? KIND_SPORT[request.spec.kind].fit;
  const laps = lapSpans(seconds, lapStartBlocks(request.spec));
  const timer = timerSpans(seconds);
  const last = seconds.length - 1;
  const hasDistance = points.some((point) => point.distanceM !== undefined);
  return {
    start: request.spec.start,
    points,
    timer,
    laps,
    developerPower: points.some((point) => point.developerPowerW !== undefined),
    sessions: [
      {
        sport,
        subSport,
        startS: 0,
        endS: last,
        timerS: timer.reduce((sum, span) => sum + span.stopS - span.startS, 0),
        distanceM: hasDistance ? seconds[last]!.distanceM : null,
        firstLapIndex: 0,
        numLaps: laps.length,
        ...(deviceAscentM(request, seconds) === null ? {} : { totalAscentM: deviceAscentM(request, seconds)! }),
      },
    ],
  };
}

/** The bytes of a request's file. */
function encode(request: RecordingRequest, seconds: GroundSecond[], points: RecordPoint[]): Buffer {
  const kind = KIND_SPORT[request.spec.kind];
  switch (request.format) {
    case 'fit':
      return encodeFitActivity(fitActivityOf(request, seconds, points));
    case 'tcx':
      return encodeTcx({ start: request.spec.start, sport: kind.tcx, points, laps: lapSpans(seconds, lapStartBlocks(request.spec)), ...request.tcx });
    case 'gpx':
    case 'gpx10':
      return encodeGpx({ start: request.spec.start, points, name: request.name, type: kind.gpx, version: request.format === 'gpx10' ? '1.0' : '1.1', ...request.gpx });
  }
}

/** Generates one recording: ground truth, the device's points, the file, and its truth. */
export function generateRecording(request: RecordingRequest): GeneratedRecording {
  const { fileName, bytes, truth } = generateWithGround(request);
  return { fileName, bytes, truth };
}

/** A recording with the ground truth and points it was written from (to derive damaged shapes). */
export function generateWithGround(request: RecordingRequest): GeneratedRecording & { seconds: GroundSecond[]; points: RecordPoint[] } {
  const seconds = sampleGroundTruth(request.spec);
  const written = recordPoints(seconds, { ...request.points, seed: request.spec.seed });
  const points = request.damage ? request.damage(written) : written;
  const bytes = encode(request, seconds, points);
  const some = (has: (point: RecordPoint) => boolean) => written.some(has);
  const laps = request.format === 'gpx' || request.format === 'gpx10' ? [] : lapSpans(seconds, lapStartBlocks(request.spec));
  const truth = computeTruth(seconds, {
    sport: request.sport ?? KIND_SPORT[request.spec.kind].sport,
    start: request.spec.start,
    distance: some((point) => point.distanceM !== undefined || point.lat !== undefined),
    power: some((point) => point.powerW !== undefined || point.developerPowerW !== undefined),
    heartRate: some((point) => point.heartRateBpm !== undefined),
    cadence: some((point) => point.cadence !== undefined),
    altitude: some((point) => point.altitudeM !== undefined),
    deviceTotalAscentM: request.format === 'fit' ? deviceAscentM(request, seconds) : null,
    laps,
    sampleCount: points.length,
    heartRateUnrecorded: (t) => {
      const dropout = request.points.heartRateDropout;
      return dropout !== undefined && t > dropout.fromS && t < dropout.fromS + dropout.durationS;
    },
    notes: request.notes ?? [],
  });
  return { fileName: `${request.name}.${EXTENSIONS[request.format]}`, bytes, truth, seconds, points };
}
