import { computeActivityStats, type ActivityStats } from './activity-stats.ts';
import type { ActivityPlan, Visibility } from './demo/activity-plan.ts';
import { createAthleteProfile, FitnessTracker, physiologyFor, type AthleteProfile } from './demo/athlete-model.ts';
import { buildActivityPlan, dayTemperatureC, generateHistory } from './demo/history.ts';
import { utcOffsetS } from './demo/places.ts';
import { deriveSeed } from './demo/random.ts';
import { createRouteLibrary, type RouteSpec } from './demo/routes.ts';
import { maxRecordingS, synthesizeStreams, type SimStreams } from './demo/streams.ts';
import type { Sport, WorkoutKind } from './demo/workouts.ts';

/**
 * The simulator's athletes and their activities. Activities are kept as plans; their streams are
 * synthesised on demand (and the recent ones cached), their summaries computed from the streams
 * the first time they are needed and kept.
 */

export interface CreateAthleteInput {
  /** Strava athlete id; allocated when omitted. */
  athleteId?: number;
  /** Seed of the generated athlete and history; the athlete id when omitted. */
  seed?: number;
  /** 'demo' (default): months of generated training; 'empty': the athlete alone. */
  history?: 'demo' | 'empty';
  /** Length of the demo history in days, ending today. */
  historyDays?: number;
}

export interface AddActivityInput {
  sportType?: Sport;
  /** The kind of session; a sensible default for the sport when omitted. */
  workout?: WorkoutKind;
  /** Start in epoch seconds; by default the activity has just finished. */
  startS?: number;
  /** Planned duration; outdoors the loop that fits decides the actual one. */
  durationS?: number;
  /** A ride on the home trainer (no GPS). */
  trainer?: boolean;
  name?: string;
  description?: string;
  private?: boolean;
  /**
   * One power sample, halfway through, at this value (a power meter's glitch, such as the
   * 21,733 W an o-synce unit wrote): Strava's summary counts it, as Strava does.
   */
  powerSpikeW?: number;
}

/** What the owner (or an application with activity:write) can change about an activity. */
export interface ActivityFields {
  name: string;
  description: string | null;
  sportType: string;
  commute: boolean;
  trainer: boolean;
  hideFromHome: boolean;
  gearId: string | null;
  visibility: Visibility;
}

export interface ActivityRecord {
  id: number;
  athleteId: number;
  plan: ActivityPlan;
  fields: ActivityFields;
  /** Computed from the streams when first needed. */
  stats: ActivityStats | null;
  /** A power sample set to this value halfway through (see `AddActivityInput.powerSpikeW`). */
  powerSpikeW?: number;
}

export interface SimAthlete {
  id: number;
  profile: AthleteProfile;
  routes: RouteSpec[];
  /** Fitness and fatigue now, for activities added after the generated history. */
  fitness: FitnessTracker;
  /** When the athlete joined Strava, in epoch seconds. */
  createdAtS: number;
  /** Oldest first. */
  activities: ActivityRecord[];
  nextOrdinal: number;
  personalRecordsCurrent: boolean;
  /**
   * Weight and FTP as the athlete typed them in Strava's settings, where a test set them; a key
   * left out answers the generated value. Strava answers an unset weight as 0 and an unset FTP
   * as null, so those (and any value) are answered as given.
   */
  statedSettings: StatedSettings;
}

export interface StatedSettings {
  weightKg?: number | null;
  ftpW?: number | null;
}

export interface GearSummary {
  id: string;
  name: string;
  primary: boolean;
  distanceM: number;
}

/** Sport types an activity can be changed to, with the legacy `type` Strava still reports. */
export const SPORT_TYPES: Readonly<Record<string, string>> = {
  Ride: 'Ride',
  GravelRide: 'Ride',
  MountainBikeRide: 'Ride',
  EBikeRide: 'EBikeRide',
  VirtualRide: 'VirtualRide',
  Run: 'Run',
  TrailRun: 'Run',
  VirtualRun: 'VirtualRun',
  Walk: 'Walk',
  Hike: 'Hike',
  WeightTraining: 'WeightTraining',
  Workout: 'Workout',
  Yoga: 'Yoga',
  Swim: 'Swim',
  Rowing: 'Rowing',
};

const DEFAULT_HISTORY_DAYS = 182;
const FIRST_ATHLETE_ID = 90_000_001;
/** Strava's athlete ids are below 10⁹; keeping to that keeps every derived id a safe integer. */
const MAX_ATHLETE_ID = 999_999_999;
/** Activity ids are athlete id × this + a per-athlete ordinal: unique and stable per seed. */
const ACTIVITIES_PER_ATHLETE = 10_000;
const STREAMS_CACHED = 24;

const DEFAULT_WORKOUTS: Record<Sport, WorkoutKind> = { Ride: 'endurance', Run: 'easy', Hike: 'hike', WeightTraining: 'strength' };
const DEFAULT_DURATIONS_S: Record<Sport, number> = { Ride: 5400, Run: 2700, Hike: 10800, WeightTraining: 2700 };

export class AthleteStore {
  private readonly athletes = new Map<number, SimAthlete>();
  private readonly activities = new Map<number, ActivityRecord>();
  private readonly streamsCache = new Map<number, SimStreams>();
  private readonly nowS: () => number;
  private nextAthleteId = FIRST_ATHLETE_ID;

  constructor(nowS: () => number) {
    this.nowS = nowS;
  }

  create(input: CreateAthleteInput = {}): SimAthlete {
    const id = input.athleteId ?? this.allocateAthleteId();
    if (!Number.isInteger(id) || id <= 0 || id > MAX_ATHLETE_ID) throw new Error(`Athlete ids run from 1 to ${MAX_ATHLETE_ID}, not ${id}`);
    if (this.athletes.has(id)) throw new Error(`Athlete ${id} exists already`);
    const profile = createAthleteProfile(id, input.seed ?? id);
    const routes = createRouteLibrary(profile.seed, profile.place);
    const days = input.history === 'empty' ? 0 : (input.historyDays ?? DEFAULT_HISTORY_DAYS);
    const nowS = this.nowS();
    const history = days > 0 ? generateHistory(profile, routes, nowS, days) : { plans: [], fitness: new FitnessTracker(profile.startCtl) };
    const memberYears = 1 + (deriveSeed(profile.seed, 'member') % 6);
    const athlete: SimAthlete = {
      id,
      profile,
      routes,
      fitness: history.fitness,
      createdAtS: nowS - days * 86_400 - memberYears * 365 * 86_400,
      activities: [],
      nextOrdinal: 1,
      personalRecordsCurrent: false,
      statedSettings: {},
    };
    this.athletes.set(id, athlete);
    for (const plan of history.plans) this.insert(athlete, plan);
    return athlete;
  }

  private allocateAthleteId(): number {
    while (this.athletes.has(this.nextAthleteId)) this.nextAthleteId += 1;
    return this.nextAthleteId++;
  }

  get(athleteId: number): SimAthlete | undefined {
    return this.athletes.get(athleteId);
  }

  list(): SimAthlete[] {
    return [...this.athletes.values()];
  }

  activity(activityId: number): ActivityRecord | undefined {
    return this.activities.get(activityId);
  }

  /** Generates one more activity for the athlete, as fit and tired as they are now. */
  add(athlete: SimAthlete, input: AddActivityInput): ActivityRecord {
    const sport = input.sportType ?? 'Ride';
    const nowS = this.nowS();
    const durationS = input.durationS ?? DEFAULT_DURATIONS_S[sport];
    const provisionalStartS = input.startS ?? nowS - durationS;
    const timeZone = athlete.profile.place.timeZone;
    const localStartS = provisionalStartS + utcOffsetS(timeZone, provisionalStartS);
    const dayNumber = Math.floor(localStartS / 86_400);
    const plan = buildActivityPlan({
      profile: athlete.profile,
      routes: athlete.routes,
      physiology: physiologyFor(athlete.profile, athlete.fitness),
      session: {
        sport,
        workoutKind: input.workout ?? DEFAULT_WORKOUTS[sport],
        durationS,
        localStartS: localStartS - dayNumber * 86_400,
        indoor: input.trainer ?? false,
      },
      dayNumber,
      dayTemperatureC: dayTemperatureC(athlete.profile, dayNumber),
      seed: deriveSeed(athlete.profile.seed, 'added', athlete.nextOrdinal),
      ...(input.name === undefined ? {} : { name: input.name }),
    });
    const record = this.insert(athlete, { ...plan, startS: provisionalStartS, visibility: input.private ? 'only_me' : 'everyone' });
    if (input.description !== undefined) record.fields.description = input.description;
    if (input.powerSpikeW !== undefined) record.powerSpikeW = input.powerSpikeW;
    if (input.startS === undefined) {
      // "Just finished": the actual length is known only once the streams exist.
      record.plan.startS = Math.min(provisionalStartS, nowS - this.statsOf(record).whole.elapsedTimeS - 60);
      athlete.activities.sort((a, b) => a.plan.startS - b.plan.startS);
    }
    return record;
  }

  private insert(athlete: SimAthlete, plan: ActivityPlan): ActivityRecord {
    if (athlete.nextOrdinal >= ACTIVITIES_PER_ATHLETE) throw new Error(`Athlete ${athlete.id} has the maximum number of activities`);
    const id = athlete.id * ACTIVITIES_PER_ATHLETE + athlete.nextOrdinal;
    athlete.nextOrdinal += 1;
    const record: ActivityRecord = {
      id,
      athleteId: athlete.id,
      plan,
      fields: {
        name: plan.name,
        description: null,
        sportType: plan.sport,
        commute: false,
        trainer: plan.trainer,
        hideFromHome: false,
        gearId: this.gearIdFor(athlete, plan),
        visibility: plan.visibility,
      },
      stats: null,
    };
    const index = athlete.activities.findIndex((other) => other.plan.startS > plan.startS);
    athlete.activities.splice(index === -1 ? athlete.activities.length : index, 0, record);
    this.activities.set(id, record);
    if (plan.sport === 'Run') athlete.personalRecordsCurrent = false;
    return record;
  }

  remove(record: ActivityRecord): void {
    const athlete = this.athletes.get(record.athleteId);
    if (!athlete) return;
    athlete.activities = athlete.activities.filter((other) => other.id !== record.id);
    this.activities.delete(record.id);
    this.streamsCache.delete(record.id);
    if (record.plan.sport === 'Run') athlete.personalRecordsCurrent = false;
  }

  /** The 1 Hz streams, synthesised again when not cached (identical every time). */
  streamsOf(record: ActivityRecord): SimStreams {
    const cached = this.streamsCache.get(record.id);
    if (cached) {
      this.streamsCache.delete(record.id);
      this.streamsCache.set(record.id, cached);
      return cached;
    }
    const athlete = this.requireAthlete(record.athleteId);
    const streams = synthesizeStreams(record.plan, athlete.profile.place);
    if (record.powerSpikeW !== undefined && streams.powerW) streams.powerW[Math.floor(streams.length / 2)] = record.powerSpikeW;
    this.streamsCache.set(record.id, streams);
    if (this.streamsCache.size > STREAMS_CACHED) {
      const oldest = this.streamsCache.keys().next().value;
      if (oldest !== undefined) this.streamsCache.delete(oldest);
    }
    return streams;
  }

  statsOf(record: ActivityRecord): ActivityStats {
    if (!record.stats) {
      const athlete = this.requireAthlete(record.athleteId);
      record.stats = computeActivityStats(this.streamsOf(record), record.plan, athlete.profile.sex);
    }
    return record.stats;
  }

  /**
   * Whether the activity is over (and so on Strava) at `nowS`. Long-past activities are decided
   * from the plan alone, without synthesising them: no recording outlasts its maximum length.
   */
  isFinished(record: ActivityRecord, nowS: number): boolean {
    const { startS, workout } = record.plan;
    if (startS > nowS) return false;
    if (startS + maxRecordingS(workout) <= nowS) return true;
    return startS + this.statsOf(record).whole.elapsedTimeS <= nowS;
  }

  /** The athlete's activities that exist by now, oldest first; "only me" ones when allowed. */
  finishedActivities(athlete: SimAthlete, includeOnlyMe: boolean): ActivityRecord[] {
    const nowS = this.nowS();
    return athlete.activities.filter((record) => (includeOnlyMe || record.fields.visibility !== 'only_me') && this.isFinished(record, nowS));
  }

  /**
   * Ranks every run's best efforts against the athlete's earlier runs (top three get a pr_rank),
   * as Strava does when an activity is uploaded.
   */
  ensurePersonalRecords(athlete: SimAthlete): void {
    if (athlete.personalRecordsCurrent) return;
    const fastest = new Map<string, number[]>();
    for (const record of athlete.activities) {
      if (record.plan.sport !== 'Run') continue;
      for (const effort of this.statsOf(record).bestEfforts) {
        const previous = fastest.get(effort.name) ?? [];
        const rank = previous.filter((elapsedS) => elapsedS < effort.elapsedTimeS).length + 1;
        effort.prRank = rank <= 3 ? rank : null;
        fastest.set(effort.name, [...previous, effort.elapsedTimeS].sort((a, b) => a - b).slice(0, 3));
      }
    }
    athlete.personalRecordsCurrent = true;
  }

  /**
   * The athlete's bike and shoes, with the distance done with each: the loops' lengths, which is
   * what the recordings cover, without synthesising every activity.
   */
  gearOf(athlete: SimAthlete): { bikes: GearSummary[]; shoes: GearSummary[] } {
    const done = this.finishedActivities(athlete, true);
    const distanceOf = (gearId: string) =>
      done.filter((record) => record.fields.gearId === gearId).reduce((sum, record) => sum + (record.plan.route?.lengthM ?? 0), 0);
    const bikeId = `b${athlete.id}`;
    const shoesId = `g${athlete.id}1`;
    const bootsId = `g${athlete.id}2`;
    return {
      bikes: [{ id: bikeId, name: 'Road bike', primary: true, distanceM: distanceOf(bikeId) }],
      shoes: [
        { id: shoesId, name: 'Running shoes', primary: true, distanceM: distanceOf(shoesId) },
        { id: bootsId, name: 'Hiking boots', primary: false, distanceM: distanceOf(bootsId) },
      ],
    };
  }

  /** Outdoor rides on the road bike, runs in the running shoes, hikes in boots. */
  private gearIdFor(athlete: SimAthlete, plan: ActivityPlan): string | null {
    if (plan.sport === 'Ride') return plan.trainer ? null : `b${athlete.id}`;
    if (plan.sport === 'Run') return `g${athlete.id}1`;
    if (plan.sport === 'Hike') return `g${athlete.id}2`;
    return null;
  }

  private requireAthlete(athleteId: number): SimAthlete {
    const athlete = this.athletes.get(athleteId);
    if (!athlete) throw new Error(`Unknown athlete ${athleteId}`);
    return athlete;
  }
}
