import { expect, it } from 'vitest';
import { computeActivityMetrics, type ActivityMetrics } from '../../src/metrics/activity-metrics.ts';
import { fromStravaStreams, type StravaStreamSet } from '../../src/server/features/strava/streams.ts';
import { describeWithFixtures } from '../support/fixture-suites.ts';
import { stravaFixture as fixture } from '../support/shared-fixtures.ts';

/**
 * Issue 13: Strava activities get the same cleaning as uploaded files (ADR 0019). A Strava ride's
 * streams go through `fromStravaStreams` and the same `computeActivityMetrics` the scoring job runs
 * (in a worker); a 21,733 W sample and a strap's 0 bpm readings must count as missing readings,
 * exactly as if Strava had sent no reading there, and be counted under data quality.
 */
/** The ride's Strava summary, read by the suite (the shared fixtures may be absent). */
let activity: any;
const SPIKE_INDEX = 3000;
const HR_LOST = { from: 1000, to: 1100 };

/** The ride's Strava streams with one value per faulty sample: `spike` for the power, `lostHr` for 100 heart-rate readings. */
function strava(spike: number | null, lostHr: number | null): StravaStreamSet {
  const set = fixture('streams_ride_power_key_by_type.json') as Record<string, { data: unknown[] }>;
  set.watts!.data[SPIKE_INDEX] = spike;
  for (let k = HR_LOST.from; k < HR_LOST.to; k++) set.heartrate!.data[k] = lostHr;
  return set;
}

/** As the scoring job calls it for a Strava ride, the summary being what Strava stated. */
function metricsOf(set: StravaStreamSet, stated: { maxWatts: number; averageHeartrate: number }): ActivityMetrics {
  return computeActivityMetrics({
    streams: fromStravaStreams(set),
    summary: {
      sport: 'ride',
      distanceM: activity.distance,
      movingTimeS: activity.moving_time,
      elapsedTimeS: activity.elapsed_time,
      elevationGainM: activity.total_elevation_gain,
      averagePowerW: activity.average_watts,
      maxPowerW: stated.maxWatts,
      weightedAveragePowerW: activity.weighted_average_watts,
      workKj: activity.kilojoules,
      averageHeartrateBpm: stated.averageHeartrate,
      maxHeartrateBpm: activity.max_heartrate,
    },
    athlete: { ftpW: 250 },
  });
}

describeWithFixtures('a Strava ride with a power spike and lost heart-rate contact', () => {
  activity = fixture('activity_ride_power.json');
  // Strava's own summary of such a ride carries the spike and the zeros.
  const faulty = metricsOf(strava(21_733, 0), { maxWatts: 21_733, averageHeartrate: 120 });
  const missing = metricsOf(strava(null, null), { maxWatts: activity.max_watts, averageHeartrate: activity.average_heartrate });

  it('counts what the cleaning removed', () => {
    expect(faulty.dataQuality).toMatchObject({ powerSpikesRemoved: 1, heartRateReadingsRemoved: HR_LOST.to - HR_LOST.from });
    expect(missing.dataQuality).toMatchObject({ powerSpikesRemoved: 0, heartRateReadingsRemoved: 0 });
  });

  it('gives every figure of the ride as if those readings had not been sent', () => {
    const { dataQuality: _faultyQuality, ...faultyFigures } = faulty;
    const { dataQuality: _missingQuality, ...missingFigures } = missing;
    expect(faultyFigures).toEqual(missingFigures);
    expect(faulty.maxPowerW).toBeLessThan(2500);
    expect(faulty.normalizedPowerW).toBeLessThan(activity.weighted_average_watts + 10);
    expect(faulty.averageHeartrateBpm).toBeGreaterThan(120);
  });
});
