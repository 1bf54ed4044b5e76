import { computeLaps, computeSplits, detailedPolyline, paceZone, type ActivityStats, type BestEffort, type RangeSummary } from '../activity-stats.ts';
import { stravaTimeZoneLabel } from '../demo/places.ts';
import { deriveSeed } from '../demo/random.ts';
import type { SimStreams } from '../demo/streams.ts';
import { SPORT_TYPES, type ActivityRecord, type GearSummary, type SimAthlete } from '../store.ts';
import { gearJson } from './athlete-json.ts';
import { isoLocalSeconds, isoSeconds } from './dates.ts';

/**
 * SummaryActivity (GET /athlete/activities) and DetailedActivity (GET /activities/{id}) as Strava
 * writes them, field for field after the recorded responses in the fixtures
 * (athlete_activities.json, activity_run.json, activity_ride_power.json,
 * activity_ride_trainer.json): fields a recording cannot fill (heart rate, power, cadence,
 * temperature, altitude) are left out rather than nulled, as Strava does.
 */
type Json = Record<string, unknown>;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

const DEVICE_NAMES: Record<string, string> = {
  Ride: 'Garmin Edge 840',
  Run: 'Garmin Forerunner 265',
  Hike: 'Garmin Forerunner 265',
  WeightTraining: 'Garmin Forerunner 265',
};

/** Stable pseudo-random numbers for the social fields, from the activity's seed. */
function derived(record: ActivityRecord, purpose: string, modulo: number): number {
  return deriveSeed(record.plan.seed, purpose) % modulo;
}

function uploadId(record: ActivityRecord): number {
  return 10_000_000_000 + deriveSeed(record.plan.seed, 'upload');
}

function embedToken(record: ActivityRecord): string {
  return Array.from({ length: 5 }, (_, part) => deriveSeed(record.plan.seed, 'embed', part).toString(16).padStart(8, '0')).join('');
}

const activityReference = (record: ActivityRecord) => ({ id: record.id, visibility: record.fields.visibility, resource_state: 1 });
const athleteReference = (record: ActivityRecord) => ({ id: record.athleteId, resource_state: 1 });

function achievements(stats: ActivityStats): { prCount: number; achievementCount: number } {
  const ranked = stats.bestEfforts.filter((effort) => effort.prRank !== null);
  return { prCount: ranked.filter((effort) => effort.prRank === 1).length, achievementCount: ranked.length };
}

/** The fields shared by the summary and the detailed representation, in Strava's order. */
function activityFields(record: ActivityRecord, stats: ActivityStats, athlete: SimAthlete, resourceState: 2 | 3): Json {
  const { plan, fields } = record;
  const whole = stats.whole;
  const { prCount, achievementCount } = achievements(stats);
  const everyone = fields.visibility === 'everyone';
  const json: Json = {
    resource_state: resourceState,
    athlete: athleteReference(record),
    name: fields.name,
    distance: whole.distanceM,
    moving_time: whole.movingTimeS,
    elapsed_time: whole.elapsedTimeS,
    total_elevation_gain: whole.elevationGainM,
    type: SPORT_TYPES[fields.sportType] ?? fields.sportType,
    sport_type: fields.sportType,
    workout_type: plan.workoutType,
    id: record.id,
    start_date: isoSeconds(plan.startS),
    start_date_local: isoLocalSeconds(plan.startS, plan.utcOffsetS),
    timezone: stravaTimeZoneLabel(athlete.profile.place.timeZone, plan.startS),
    utc_offset: plan.utcOffsetS,
    location_city: null,
    location_state: null,
    location_country: athlete.profile.place.country,
    achievement_count: achievementCount,
    kudos_count: everyone ? derived(record, 'kudos', 18) : 0,
    comment_count: everyone ? derived(record, 'comments', 3) : 0,
    athlete_count: 1,
    photo_count: 0,
    map: { id: `a${record.id}`, summary_polyline: stats.summaryPolyline, resource_state: resourceState },
    trainer: fields.trainer,
    commute: fields.commute,
    manual: false,
    private: fields.visibility === 'only_me',
    visibility: fields.visibility,
    flagged: false,
    gear_id: fields.gearId,
    start_latlng: stats.startLatlng ?? [],
    end_latlng: stats.endLatlng ?? [],
    average_speed: whole.movingTimeS > 0 ? round(whole.distanceM / whole.movingTimeS, 3) : 0,
    max_speed: round(whole.maxSpeedMps, 2),
  };
  if (whole.averageCadence !== null) json.average_cadence = round(whole.averageCadence, 1);
  if (whole.averageWatts !== null) {
    json.average_watts = round(whole.averageWatts, 1);
    json.weighted_average_watts = stats.weightedAverageWatts;
    json.kilojoules = stats.kilojoules;
    json.device_watts = true;
    json.max_watts = stats.maxWatts;
  }
  if (stats.averageTemperatureC !== null) json.average_temp = stats.averageTemperatureC;
  json.has_heartrate = whole.averageHeartrate !== null;
  if (whole.averageHeartrate !== null) {
    json.average_heartrate = round(whole.averageHeartrate, 1);
    json.max_heartrate = whole.maxHeartrate;
  }
  json.heartrate_opt_out = false;
  json.display_hide_heartrate_option = true;
  if (stats.elevationHighM !== null && stats.elevationLowM !== null) {
    json.elev_high = stats.elevationHighM;
    json.elev_low = stats.elevationLowM;
  }
  const upload = uploadId(record);
  json.upload_id = upload;
  json.upload_id_str = String(upload);
  json.external_id = `garmin_ping_${upload}`;
  json.from_accepted_tag = false;
  json.pr_count = prCount;
  json.total_photo_count = 0;
  json.has_kudoed = false;
  json.suffer_score = stats.sufferScore;
  return json;
}

export function summaryActivityJson(record: ActivityRecord, stats: ActivityStats, athlete: SimAthlete): Json {
  return activityFields(record, stats, athlete, 2);
}

function lapJson(record: ActivityRecord, lap: RangeSummary, index: number): Json {
  const { plan } = record;
  const startS = plan.startS + lap.startIndex;
  const json: Json = {
    // Laps and best efforts share the activity's id space: ×100, laps below 80, efforts above.
    id: record.id * 100 + Math.min(index, 79),
    resource_state: 2,
    name: `Lap ${index + 1}`,
    activity: activityReference(record),
    athlete: athleteReference(record),
    elapsed_time: lap.elapsedTimeS,
    moving_time: lap.movingTimeS,
    start_date: isoSeconds(startS),
    start_date_local: isoLocalSeconds(startS, plan.utcOffsetS),
    distance: lap.distanceM,
    average_speed: lap.movingTimeS > 0 ? round(lap.distanceM / lap.movingTimeS, 2) : 0,
    max_speed: round(lap.maxSpeedMps, 2),
    lap_index: index + 1,
    split: index + 1,
    start_index: lap.startIndex,
    end_index: lap.endIndex,
    total_elevation_gain: lap.elevationGainM,
  };
  if (lap.averageCadence !== null) json.average_cadence = round(lap.averageCadence, 1);
  json.device_watts = lap.averageWatts !== null;
  if (lap.averageWatts !== null) json.average_watts = round(lap.averageWatts, 1);
  if (lap.averageHeartrate !== null) {
    json.average_heartrate = round(lap.averageHeartrate, 1);
    json.max_heartrate = lap.maxHeartrate;
  }
  if (plan.sport === 'Run') json.pace_zone = paceZone(lap.movingTimeS > 0 ? lap.distanceM / lap.movingTimeS : 0, plan.physiology, plan.sport);
  return json;
}

export function lapsJson(record: ActivityRecord, streams: SimStreams): Json[] {
  return computeLaps(streams, record.plan).map((lap, index) => lapJson(record, lap, index));
}

function splitJson(record: ActivityRecord, split: RangeSummary, index: number): Json {
  const speed = split.movingTimeS > 0 ? split.distanceM / split.movingTimeS : 0;
  const json: Json = {
    distance: split.distanceM,
    elapsed_time: split.elapsedTimeS,
    elevation_difference: split.elevationDifferenceM,
    moving_time: split.movingTimeS,
    split: index + 1,
    average_speed: round(speed, 2),
  };
  if (split.gradeAdjustedSpeedMps !== null) json.average_grade_adjusted_speed = round(split.gradeAdjustedSpeedMps, 2);
  if (split.averageHeartrate !== null) json.average_heartrate = split.averageHeartrate;
  json.pace_zone = paceZone(speed, record.plan.physiology, record.plan.sport);
  return json;
}

function bestEffortJson(record: ActivityRecord, effort: BestEffort, index: number): Json {
  const startS = record.plan.startS + effort.startIndex;
  return {
    id: record.id * 100 + 80 + index,
    resource_state: 2,
    name: effort.name,
    activity: activityReference(record),
    athlete: athleteReference(record),
    elapsed_time: effort.elapsedTimeS,
    moving_time: effort.elapsedTimeS,
    start_date: isoSeconds(startS),
    start_date_local: isoLocalSeconds(startS, record.plan.utcOffsetS),
    distance: effort.distanceM,
    pr_rank: effort.prRank,
    achievements: effort.prRank === null ? [] : [{ type_id: 3, type: 'pr', rank: effort.prRank }],
    start_index: effort.startIndex,
    end_index: effort.endIndex,
  };
}

export function detailedActivityJson(
  record: ActivityRecord,
  stats: ActivityStats,
  streams: SimStreams,
  athlete: SimAthlete,
  gear: GearSummary | undefined,
): Json {
  const json = activityFields(record, stats, athlete, 3);
  json.map = { id: `a${record.id}`, polyline: detailedPolyline(streams), resource_state: 3, summary_polyline: stats.summaryPolyline };
  json.description = record.fields.description;
  json.calories = stats.calories;
  json.perceived_exertion = null;
  json.prefer_perceived_exertion = null;
  json.segment_efforts = [];
  if (streams.latlng) {
    json.splits_metric = computeSplits(streams, record.plan, 'metric').map((split, index) => splitJson(record, split, index));
    json.splits_standard = computeSplits(streams, record.plan, 'standard').map((split, index) => splitJson(record, split, index));
  }
  json.laps = lapsJson(record, streams);
  if (record.plan.sport === 'Run') json.best_efforts = stats.bestEfforts.map((effort, index) => bestEffortJson(record, effort, index));
  if (gear) json.gear = gearJson(gear);
  json.photos = { primary: null, count: 0 };
  json.stats_visibility = ['heart_rate', 'pace', 'power', 'speed', 'calories'].map((type) => ({ type, visibility: 'everyone' }));
  json.hide_from_home = record.fields.hideFromHome;
  json.device_name = DEVICE_NAMES[record.plan.sport] ?? 'Garmin Forerunner 265';
  json.embed_token = embedToken(record);
  json.available_zones = availableZones(record, stats);
  return json;
}

function availableZones(record: ActivityRecord, stats: ActivityStats): string[] {
  const zones: string[] = [];
  if (stats.whole.averageHeartrate !== null) zones.push('heartrate');
  if (stats.whole.averageWatts !== null) zones.push('power');
  if (record.plan.sport === 'Run') zones.push('pace');
  return zones;
}
