/**
 * Strava's `sport_type` names: Kairo stores every activity under them, whichever source it came
 * from, so files and the Strava API land in the same categories.
 */
export const sportTypes = [
  'Ride',
  'MountainBikeRide',
  'GravelRide',
  'EBikeRide',
  'EMountainBikeRide',
  'VirtualRide',
  'Handcycle',
  'Velomobile',
  'Run',
  'TrailRun',
  'VirtualRun',
  'Walk',
  'Hike',
  'Swim',
  'WeightTraining',
  'Workout',
  'HighIntensityIntervalTraining',
  'Crossfit',
  'Yoga',
  'Pilates',
  'Elliptical',
  'StairStepper',
  'Rowing',
  'VirtualRow',
  'Kayaking',
  'Canoeing',
  'StandUpPaddling',
  'Surfing',
  'Kitesurf',
  'Windsurf',
  'Sail',
  'AlpineSki',
  'BackcountrySki',
  'NordicSki',
  'RollerSki',
  'Snowboard',
  'Snowshoe',
  'IceSkate',
  'InlineSkate',
  'Skateboard',
  'RockClimbing',
  'Golf',
  'Soccer',
  'Tennis',
  'Badminton',
  'Pickleball',
  'Racquetball',
  'Squash',
  'TableTennis',
  'Wheelchair',
] as const;

export type SportType = (typeof sportTypes)[number];

/** A sport as a file states it, and whether that sport implies an indoor session. */
export interface RecordedSport {
  sportType: SportType;
  indoor: boolean;
}

const outdoor = (sportType: SportType): RecordedSport => ({ sportType, indoor: false });
const indoor = (sportType: SportType): RecordedSport => ({ sportType, indoor: true });

/** FIT `sport` values (as @garmin/fitsdk names them) and their usual Strava sport type. */
const fitSports: Record<string, SportType> = {
  cycling: 'Ride',
  eBiking: 'EBikeRide',
  running: 'Run',
  walking: 'Walk',
  hiking: 'Hike',
  mountaineering: 'Hike',
  swimming: 'Swim',
  training: 'Workout',
  fitnessEquipment: 'Workout',
  hiit: 'HighIntensityIntervalTraining',
  rowing: 'Rowing',
  kayaking: 'Kayaking',
  canoeing: 'Canoeing',
  paddling: 'Canoeing',
  standUpPaddleboarding: 'StandUpPaddling',
  surfing: 'Surfing',
  kitesurfing: 'Kitesurf',
  windsurfing: 'Windsurf',
  sailing: 'Sail',
  crossCountrySkiing: 'NordicSki',
  alpineSkiing: 'AlpineSki',
  snowboarding: 'Snowboard',
  snowshoeing: 'Snowshoe',
  iceSkating: 'IceSkate',
  inlineSkating: 'InlineSkate',
  rockClimbing: 'RockClimbing',
  // Garmin's floor climbing counts the floors of a building's stairs: no rock wall.
  floorClimbing: 'StairStepper',
  golf: 'Golf',
  soccer: 'Soccer',
  tennis: 'Tennis',
  wheelchairPushWalk: 'Wheelchair',
  wheelchairPushRun: 'Wheelchair',
};

/** FIT sub sports whose meaning depends on the sport, keyed `sport/subSport`. */
const fitSportSubSports: Record<string, RecordedSport> = {
  'cycling/mountain': outdoor('MountainBikeRide'),
  'cycling/downhill': outdoor('MountainBikeRide'),
  'running/trail': outdoor('TrailRun'),
  'walking/treadmill': indoor('Walk'),
  'alpineSkiing/backcountry': outdoor('BackcountrySki'),
  'crossCountrySkiing/indoorSkiing': indoor('NordicSki'),
  'rowing/virtualActivity': indoor('VirtualRow'),
};

/** FIT `sub_sport` values that name one Strava sport type whatever the sport says. */
const fitSubSports: Record<string, RecordedSport> = {
  gravelCycling: outdoor('GravelRide'),
  cyclocross: outdoor('GravelRide'),
  eBikeMountain: outdoor('EMountainBikeRide'),
  handCycling: outdoor('Handcycle'),
  indoorHandCycling: indoor('Handcycle'),
  indoorCycling: indoor('Ride'),
  spin: indoor('Ride'),
  treadmill: indoor('Run'),
  indoorRunning: indoor('Run'),
  indoorWalking: indoor('Walk'),
  strengthTraining: outdoor('WeightTraining'),
  yoga: outdoor('Yoga'),
  pilates: outdoor('Pilates'),
  hiit: outdoor('HighIntensityIntervalTraining'),
  elliptical: indoor('Elliptical'),
  stairClimbing: indoor('StairStepper'),
  indoorRowing: indoor('Rowing'),
  indoorClimbing: outdoor('RockClimbing'),
  bouldering: outdoor('RockClimbing'),
  indoorWheelchairWalk: indoor('Wheelchair'),
  indoorWheelchairRun: indoor('Wheelchair'),
  pickleball: outdoor('Pickleball'),
  badminton: outdoor('Badminton'),
  squash: outdoor('Squash'),
  racquetball: outdoor('Racquetball'),
  tableTennis: outdoor('TableTennis'),
};

/** FIT `virtual_activity` depends on the sport: Zwift rides and runs get their own Strava types. */
const fitVirtualSports: Record<string, SportType> = {
  cycling: 'VirtualRide',
  running: 'VirtualRun',
  rowing: 'VirtualRow',
};

/**
 * Maps a FIT session's sport and sub sport. Returns null for `generic` and unknown sports, which
 * are then inferred from speed (see `inferSportTypeFromSpeed`).
 */
export function sportFromFit(sport: unknown, subSport: unknown): RecordedSport | null {
  if (typeof sport !== 'string') return null;
  if (subSport === 'virtualActivity') {
    const virtual = ownValue(fitVirtualSports, sport);
    return virtual ? indoor(virtual) : null;
  }
  if (typeof subSport === 'string') {
    const refined = ownValue(fitSportSubSports, `${sport}/${subSport}`) ?? ownValue(fitSubSports, subSport);
    if (refined) return refined;
  }
  const sportType = ownValue(fitSports, sport);
  return sportType ? outdoor(sportType) : null;
}

/**
 * The sport of a FIT file that names one: its Strava sport type, or a generic Workout when Kairo
 * has none for it (`generic`, a FIT sport without a Strava type such as boxing or motorcycling, a
 * sport number newer than the SDK's profile). Such a session is never guessed from its speed: a
 * rowing session or a cycling-machine workout at a runner's pace is no run. Null only when the
 * file names no sport at all (no session or sport message says one).
 */
export function recordedSportFromFit(sport: unknown, subSport: unknown): RecordedSport | null {
  if (sport === undefined || sport === null) return null;
  return sportFromFit(sport, subSport) ?? (subSport === 'virtualActivity' ? indoor('Workout') : outdoor('Workout'));
}

/** Whether a FIT session is a multisport transition (T1, T2): part of the race, no activity of its own. */
export function isFitTransition(sport: unknown, subSport: unknown): boolean {
  return sport === 'transition' || (typeof subSport === 'string' && /^[a-z]+To[A-Z][a-z]+Transition$/.test(subSport));
}

/** A table lookup that ignores inherited keys such as `constructor`, which file content may name. */
function ownValue<Value>(table: Record<string, Value>, key: string): Value | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * Names other writers use for a sport, keyed by their normalized form (lower case, letters and
 * digits only). Covers Garmin Connect's GPX `<type>` keys (`road_biking`, `trail_running`…), the
 * display names of Strava's activities.csv (`Rock Climb`, `HIIT`…) and StravaGPX's numeric
 * `<type>` (1 = ride, 9 = run). Every Strava sport type name matches itself as well.
 */
const sportAliases: Record<string, SportType> = {
  '1': 'Ride',
  '9': 'Run',
  biking: 'Ride',
  cycling: 'Ride',
  roadbiking: 'Ride',
  roadcycling: 'Ride',
  indoorcycling: 'Ride',
  mountainbiking: 'MountainBikeRide',
  gravelcycling: 'GravelRide',
  ebiking: 'EBikeRide',
  virtualcycling: 'VirtualRide',
  running: 'Run',
  streetrunning: 'Run',
  trackrunning: 'Run',
  treadmillrunning: 'Run',
  trailrunning: 'TrailRun',
  walking: 'Walk',
  casualwalking: 'Walk',
  speedwalking: 'Walk',
  hiking: 'Hike',
  swimming: 'Swim',
  lapswimming: 'Swim',
  openwaterswimming: 'Swim',
  strengthtraining: 'WeightTraining',
  hiit: 'HighIntensityIntervalTraining',
  rockclimb: 'RockClimbing',
  canoe: 'Canoeing',
  indoorrowing: 'Rowing',
  rowingv2: 'Rowing',
  paddling: 'Canoeing',
  kayakingv2: 'Kayaking',
  standuppaddleboarding: 'StandUpPaddling',
  crosscountryskiing: 'NordicSki',
  skateskiing: 'NordicSki',
  resortskiing: 'AlpineSki',
  elliptical: 'Elliptical',
  stairclimbing: 'StairStepper',
};

const sportTypesByNormalizedName = new Map<string, SportType>([
  ...Object.entries(sportAliases),
  ...sportTypes.map((sportType) => [normalizeSportName(sportType), sportType] as const),
]);

function normalizeSportName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Names of sessions on a machine indoors (Garmin Connect's GPX `<type>` keys, normalized). */
const indoorSportNames: Record<string, SportType> = {
  indoorrowing: 'Rowing',
  indoorcycling: 'Ride',
  treadmillrunning: 'Run',
  indoorrunning: 'Run',
  indoorwalking: 'Walk',
};

/**
 * The sport a GPX `<type>` or TCX `Sport` names: its Strava sport type (indoors for the names of
 * machine sessions such as `indoor_rowing`), else a generic Workout (TCX's `Other`, a name Kairo
 * does not know), which is never guessed from speed. Null only when the file names no sport.
 */
export function recordedSportFromName(name: string | null): RecordedSport | null {
  if (name === null || name.trim() === '') return null;
  const indoorSport = ownValue(indoorSportNames, normalizeSportName(name));
  if (indoorSport) return indoor(indoorSport);
  return outdoor(sportTypeFromName(name) ?? 'Workout');
}

/** Maps a sport named in text (GPX `<type>`, TCX `Sport`, Strava CSV `Activity Type`); null if unknown. */
export function sportTypeFromName(name: string | null): SportType | null {
  if (name === null) return null;
  return sportTypesByNormalizedName.get(normalizeSportName(name)) ?? null;
}

/**
 * Average moving speeds (m/s) that separate the likely sports of a file that does not name one:
 * above 4.2 m/s (15 km/h) few people run, below 2.1 m/s (7.5 km/h) few people run or ride.
 */
const rideAboveMps = 4.2;
const runAboveMps = 2.1;

/**
 * Guesses the sport of a file that does not name one from its average moving speed. Without
 * distance there is nothing to go on and the activity is filed as a generic Workout.
 */
export function inferSportTypeFromSpeed(distanceM: number, movingTimeS: number): SportType {
  if (distanceM <= 0 || movingTimeS <= 0) return 'Workout';
  const averageSpeedMps = distanceM / movingTimeS;
  if (averageSpeedMps > rideAboveMps) return 'Ride';
  if (averageSpeedMps > runAboveMps) return 'Run';
  return 'Walk';
}

/** Sports recorded with GPS outdoors: without a position they were done on a trainer or treadmill. */
const gpsSportTypes: ReadonlySet<SportType> = new Set<SportType>([
  'Ride',
  'MountainBikeRide',
  'GravelRide',
  'EBikeRide',
  'EMountainBikeRide',
  'Handcycle',
  'Velomobile',
  'Run',
  'TrailRun',
  'Walk',
  'Hike',
]);

export function isGpsSportType(sportType: SportType): boolean {
  return gpsSportTypes.has(sportType);
}
