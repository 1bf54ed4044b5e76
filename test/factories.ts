import type { ActivityRow } from '../src/server/features/activities/index.ts';
import type { TrainingLogEntry } from '../src/server/features/scoring/index.ts';
import type { ActivityDetail, ActivityMetricsView } from '../src/shared/api/activities.ts';

/**
 * Test data builders (docs/style.md): each returns a complete, realistic value of one of Kairo's
 * types with every field a device may leave out absent (null), and takes the fields a test is
 * about as overrides. The numbers are the Edge 810 fixture ride's session.
 */

/** What an activity's row and its detail say alike of the Edge 810 ride. */
const edge810Ride = {
  id: '6f1c8e2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
  source: 'file' as const,
  stravaActivityId: null,
  name: 'Morning Ride',
  type: 'Ride',
  sportType: 'Ride',
  distance: 41_339,
  movingTime: 4_705,
  elapsedTime: 5_020,
  totalElevationGain: 412,
  timezone: 'Europe/Ljubljana',
  averageSpeed: 8.79,
  maxSpeed: 16.2,
  elevHigh: 610,
  elevLow: 290,
  workoutType: null,
  averageHeartrate: 154,
  maxHeartrate: 181,
  averageCadence: 88,
  averageWatts: 276,
  maxWatts: 619,
  weightedAverageWatts: 301,
  deviceWatts: true,
  kilojoules: 1_298,
  calories: 1_210,
  trainer: false,
  commute: false,
  sufferScore: null,
  startLatlng: null,
  endLatlng: null,
  description: null,
  deviceName: 'Garmin Edge 810',
  segmentEfforts: null,
  bestEfforts: null,
  laps: null,
  splitsMetric: null,
  splitsStandard: null,
};

/** A row of the activities table: the power ride, uploaded as a file. */
export function activityRow(overrides: Partial<ActivityRow> = {}): ActivityRow {
  return {
    ...edge810Ride,
    userId: '2b9d4f6a-8c1e-4a3b-9d5f-7e6a8b9c0d1e',
    sourceKey: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    startDate: new Date('2026-05-12T06:30:00.000Z'),
    detailedData: null,
    fileQuality: null,
    detailFetchedAt: null,
    duplicateOf: null,
    listItem: null,
    createdAt: new Date('2026-05-12T09:00:00.000Z'),
    updatedAt: new Date('2026-05-12T09:00:00.000Z'),
    ...overrides,
  };
}

export function metricsView(overrides: Partial<ActivityMetricsView> = {}): ActivityMetricsView {
  return {
    averagePowerW: null,
    maxPowerW: null,
    normalizedPowerW: null,
    intensityFactor: null,
    tss: null,
    variabilityIndex: null,
    workKj: null,
    efficiencyFactor: null,
    decouplingPct: null,
    powerZoneSeconds: null,
    hrZoneSeconds: null,
    trimp: null,
    trainingLoad: null,
    trainingLoadMethod: null,
    movingTimeS: null,
    distanceM: null,
    elevationGainM: null,
    xPowerW: null,
    averageHeartrateBpm: null,
    maxHeartrateBpm: null,
    hrTss: null,
    averagePaceSPerKm: null,
    gradeAdjustedPaceSPerKm: null,
    rTss: null,
    bestEfforts: null,
    ftpW: null,
    ftpSource: 'none',
    thresholdPaceSPerKm: null,
    thresholdPaceSource: 'none',
    thresholdSources: [],
    ...overrides,
  };
}

export function activityDetail(overrides: Partial<ActivityDetail> = {}): ActivityDetail {
  return {
    ...edge810Ride,
    startDate: '2026-05-12T06:30:00.000Z',
    hasStreams: true,
    streamKeys: ['heartrateBpm', 'powerW'],
    metrics: null,
    dataQuality: null,
    ...overrides,
  };
}

export function logEntry(family: TrainingLogEntry['family'], movingTimeS: number, trainingLoad: number | null, day = 10): TrainingLogEntry {
  return {
    activityId: `00000000-0000-4000-8000-${String(day).padStart(12, '0')}`,
    family,
    source: 'file',
    startDate: new Date(`2026-05-${String(day).padStart(2, '0')}T07:00:00Z`),
    movingTimeS,
    trainingLoad,
    thresholdSources: [],
  };
}
