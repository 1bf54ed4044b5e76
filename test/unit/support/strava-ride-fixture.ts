import type { ActivityStreams } from '../../../src/metrics/activity-streams.ts';
import { stravaFixture as readFixture } from '../../support/shared-fixtures.ts';

/**
 * The real 1 Hz ride with power (Strava activity 1354978421, see the shared fixtures' README; call it inside a suite skipped without them) as
 * `ActivityStreams`, with the fields of its Strava summary that the tests compare against.
 */
export function loadStravaPowerRide() {
  const streams = readFixture('streams_ride_power_key_by_type.json');
  const activity = readFixture('activity_ride_power.json');
  const rideStreams: ActivityStreams = {
    timeS: streams.time.data,
    distanceM: streams.distance.data,
    altitudeM: streams.altitude.data,
    heartrateBpm: streams.heartrate.data,
    cadenceRpm: streams.cadence.data,
    powerW: streams.watts.data,
    speedMps: streams.velocity_smooth.data,
    temperatureC: streams.temp.data,
    moving: streams.moving.data,
  };
  return {
    streams: rideStreams,
    strava: {
      averageWatts: activity.average_watts as number,
      weightedAverageWatts: activity.weighted_average_watts as number,
      kilojoules: activity.kilojoules as number,
      maxWatts: activity.max_watts as number,
      movingTimeS: activity.moving_time as number,
      averageHeartrate: activity.average_heartrate as number,
      maxHeartrate: activity.max_heartrate as number,
      totalElevationGainM: activity.total_elevation_gain as number,
    },
  };
}
