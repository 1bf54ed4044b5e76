import type { ActivityStats } from '../activity-stats.ts';
import { physiologyFor } from '../demo/athlete-model.ts';
import type { ActivityRecord, GearSummary, SimAthlete } from '../store.ts';
import { isoSeconds } from './dates.ts';

/**
 * The athlete resources after the fixtures: SummaryAthlete (the `athlete` of
 * oauth_token_authorization_code.json), DetailedAthlete (athlete.json, athlete_with_ftp.json),
 * zones (athlete_zones_with_power.json) and ActivityStats (Strava's API reference).
 */
type Json = Record<string, unknown>;

/** Strava's placeholder picture for athletes without one. */
const DEFAULT_PROFILE_PICTURE = 'avatar/athlete/large.png';
const DEFAULT_PROFILE_PICTURE_MEDIUM = 'avatar/athlete/medium.png';

function username(athlete: SimAthlete): string {
  const plain = `${athlete.profile.firstname}${athlete.profile.lastname}`.normalize('NFD').replace(/[^A-Za-z]/g, '');
  return `${plain.toLowerCase()}${athlete.id % 1000}`;
}

/** FTP and weight as the athlete would have entered them in Strava's settings today. */
function currentFtpW(athlete: SimAthlete): number {
  return Math.round(physiologyFor(athlete.profile, athlete.fitness).ftpW);
}

export function summaryAthleteJson(athlete: SimAthlete, nowS: number): Json {
  const { profile } = athlete;
  return {
    id: athlete.id,
    username: username(athlete),
    resource_state: 2,
    firstname: profile.firstname,
    lastname: profile.lastname,
    city: profile.place.city,
    state: profile.place.state,
    country: profile.place.country,
    sex: profile.sex,
    premium: true,
    summit: true,
    created_at: isoSeconds(athlete.createdAtS),
    updated_at: isoSeconds(nowS),
    badge_type_id: 1,
    profile_medium: DEFAULT_PROFILE_PICTURE_MEDIUM,
    profile: DEFAULT_PROFILE_PICTURE,
    friend: null,
    follower: null,
  };
}

/** A bike or pair of shoes, as listed on the athlete and on an activity's `gear`. */
export function gearJson(gear: GearSummary): Json {
  return {
    id: gear.id,
    primary: gear.primary,
    name: gear.name,
    nickname: null,
    resource_state: 2,
    retired: false,
    distance: Math.round(gear.distanceM),
    converted_distance: Math.round(gear.distanceM / 100) / 10,
  };
}

/** DetailedAthlete: the summary with the fields `profile:read_all` adds (bio, weight, follows, settings, FTP, gear). */
export function detailedAthleteJson(athlete: SimAthlete, gear: { bikes: GearSummary[]; shoes: GearSummary[] }, nowS: number): Json {
  const { profile } = athlete;
  return {
    ...summaryAthleteJson(athlete, nowS),
    resource_state: 3,
    bio: '',
    weight: 'weightKg' in athlete.statedSettings ? athlete.statedSettings.weightKg : profile.weightKg,
    blocked: false,
    can_follow: true,
    follower_count: 40 + (athlete.id % 160),
    friend_count: 30 + (athlete.id % 120),
    mutual_friend_count: 0,
    athlete_type: 0,
    date_preference: '%m/%d/%Y',
    measurement_preference: 'meters',
    clubs: [],
    postable_clubs_count: 0,
    ftp: 'ftpW' in athlete.statedSettings ? athlete.statedSettings.ftpW : currentFtpW(athlete),
    bikes: gear.bikes.map(gearJson),
    shoes: gear.shoes.map(gearJson),
  };
}

/**
 * Heart-rate zones as Strava sets them from the maximum heart rate, and Coggan's seven power
 * zones from FTP (55/75/90/105/120/150 % boundaries; `max: -1` means open-ended).
 */
export function zonesJson(athlete: SimAthlete): Json {
  const maxHeartrate = athlete.profile.maxHeartrateBpm;
  const heartBounds = [0.6, 0.75, 0.82, 0.9].map((fraction) => Math.round(maxHeartrate * fraction));
  const heartZones = [0, ...heartBounds].map((min, index) => ({ min, max: heartBounds[index] ?? -1 }));
  const ftpW = currentFtpW(athlete);
  const powerBounds = [0.55, 0.75, 0.9, 1.05, 1.2, 1.5].map((fraction) => Math.round(ftpW * fraction));
  const powerZones = [0, ...powerBounds].map((bound, index) => ({ min: index === 0 ? 0 : bound + 1, max: powerBounds[index] ?? -1 }));
  return { heart_rate: { custom_zones: false, zones: heartZones }, power: { zones: powerZones } };
}

interface Totals {
  count: number;
  distance: number;
  moving_time: number;
  elapsed_time: number;
  elevation_gain: number;
  achievement_count?: number;
}

function totals(activities: { record: ActivityRecord; stats: ActivityStats }[], withAchievements: boolean): Totals {
  const sum: Totals = { count: 0, distance: 0, moving_time: 0, elapsed_time: 0, elevation_gain: 0 };
  let achievementCount = 0;
  for (const { stats } of activities) {
    sum.count += 1;
    sum.distance += stats.whole.distanceM;
    sum.moving_time += stats.whole.movingTimeS;
    sum.elapsed_time += stats.whole.elapsedTimeS;
    sum.elevation_gain += stats.whole.elevationGainM;
    achievementCount += stats.bestEfforts.filter((effort) => effort.prRank !== null).length;
  }
  sum.distance = Math.round(sum.distance * 10) / 10;
  sum.elevation_gain = Math.round(sum.elevation_gain * 10) / 10;
  return withAchievements ? { ...sum, achievement_count: achievementCount } : sum;
}

/**
 * GET /athletes/{id}/stats: totals of the public activities, over the last four weeks, the year
 * to date and all time.
 */
export function athleteStatsJson(activities: { record: ActivityRecord; stats: ActivityStats }[], nowS: number): Json {
  const recentFromS = nowS - 28 * 86_400;
  const yearFromS = Date.UTC(new Date(nowS * 1000).getUTCFullYear(), 0, 1) / 1000;
  const ofSport = (sport: string) => activities.filter(({ record }) => record.plan.sport === sport);
  const rides = ofSport('Ride');
  const runs = ofSport('Run');
  const since = (list: typeof activities, fromS: number) => list.filter(({ record }) => record.plan.startS >= fromS);
  return {
    biggest_ride_distance: rides.reduce((max, { stats }) => Math.max(max, stats.whole.distanceM), 0),
    biggest_climb_elevation_gain: rides.reduce((max, { stats }) => Math.max(max, stats.whole.elevationGainM), 0),
    recent_ride_totals: totals(since(rides, recentFromS), true),
    all_run_totals: totals(runs, false),
    recent_run_totals: totals(since(runs, recentFromS), true),
    all_swim_totals: totals([], false),
    recent_swim_totals: totals([], true),
    ytd_ride_totals: totals(since(rides, yearFromS), false),
    ytd_run_totals: totals(since(runs, yearFromS), false),
    ytd_swim_totals: totals([], false),
    all_ride_totals: totals(rides, false),
  };
}
