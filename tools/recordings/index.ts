/**
 * Kairo's own test recordings: activity files generated deterministically from a described activity,
 * each with the truth of what it really is (ADR 0062). See README.md.
 */
import type { GeneratedRecording } from './model.ts';
import { altitudeRide, autoPauseRide, coastingRide, developerPowerRun, genericSession, heartRateDropoutRide, indoorRideWithBreak, heartRateZerosRide, powerSpikeRide, virtualRide, rowingSession, smartRecordingRide, stopWithoutTimerRide, tcxLapDistanceRestartRun, timerPausesRide, timestampJumpRide } from './shapes.ts';
import { chainedFit, multisportTriathlon, poolSwim, truncatedFit } from './special.ts';
import { indoorTrainerRide, outdoorPowerRide, shortRun, sparseHikeGpx, stravaExportRunTcx, type PresetOptions } from './stand-ins.ts';

export * from './model.ts';
export { generateRecording, generateWithGround, type RecordingFormat, type RecordingRequest } from './generate.ts';
export { encodeFitActivity, type FitActivity, type FitLength, type FitSession } from './fit-writer.ts';
export { encodeGpx, encodeTcx, type GpxActivity, type TcxActivity } from './xml-writers.ts';
export { sampleGroundTruth, terrainAltitudeM } from './ground-truth.ts';
export { recordPoints, type PointOptions } from './points.ts';
export { computeTruth, normalizedPower, trueClimbM } from './truth.ts';
export * from './shapes.ts';
export * from './special.ts';
export * from './stand-ins.ts';

/** Every preset under its name, for main.ts and the tests (damaged: the file is broken on purpose). */
export const PRESETS: Record<string, { make: (options: PresetOptions) => GeneratedRecording; damaged?: boolean }> = {
  outdoorPowerRide: { make: outdoorPowerRide },
  indoorTrainerRide: { make: indoorTrainerRide },
  indoorRideWithBreak: { make: indoorRideWithBreak },
  virtualRide: { make: virtualRide },
  shortRunFit: { make: (o) => shortRun(o, 'fit') },
  shortRunGpx: { make: (o) => shortRun(o, 'gpx') },
  shortRunTcx: { make: (o) => shortRun(o, 'tcx') },
  stravaExportRunTcx: { make: stravaExportRunTcx },
  sparseHikeGpx: { make: sparseHikeGpx },
  timerPausesRide: { make: timerPausesRide },
  autoPauseRide: { make: autoPauseRide },
  smartRecordingRide: { make: smartRecordingRide },
  powerSpikeRide: { make: powerSpikeRide },
  heartRateZerosRide: { make: heartRateZerosRide },
  heartRateDropoutRide: { make: heartRateDropoutRide },
  coastingZeroRide: { make: (o) => coastingRide({ ...o, coasting: 'zero' }) },
  coastingMissingRide: { make: (o) => coastingRide({ ...o, coasting: 'missing' }) },
  developerPowerRun: { make: developerPowerRun },
  tcxLapDistanceRestartRun: { make: tcxLapDistanceRestartRun },
  barometricFlatRide: { make: (o) => altitudeRide({ ...o, altitude: 'barometric', terrain: 'flat' }) },
  barometricHillyRide: { make: (o) => altitudeRide({ ...o, altitude: 'barometric', terrain: 'hilly' }) },
  gpsFlatRide: { make: (o) => altitudeRide({ ...o, altitude: 'gps', terrain: 'flat' }) },
  gpsHillyRide: { make: (o) => altitudeRide({ ...o, altitude: 'gps', terrain: 'hilly' }) },
  stopWithoutTimerRideGpx: { make: (o) => stopWithoutTimerRide({ ...o, format: 'gpx' }) },
  stopWithoutTimerRideTcx: { make: (o) => stopWithoutTimerRide({ ...o, format: 'tcx' }) },
  genericSession: { make: genericSession },
  genericSessionTcx: { make: (o) => genericSession({ ...o, format: 'tcx' }) },
  rowingSession: { make: rowingSession },
  timestampJumpRide: { make: timestampJumpRide, damaged: true },
  poolSwim: { make: poolSwim },
  multisportTriathlon: { make: multisportTriathlon },
  chainedFit: { make: chainedFit },
  truncatedFit: { make: truncatedFit, damaged: true },
};

