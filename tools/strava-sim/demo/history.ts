import type { ActivityPlan, Visibility } from './activity-plan.ts';
import { FitnessTracker, physiologyFor, type AthleteProfile, type DailyPhysiology } from './athlete-model.ts';
import { utcOffsetS } from './places.ts';
import { createRandom, deriveSeed, type Random } from './random.ts';
import { expectedDurationS, type RouteSpec } from './routes.ts';
import { planDay, type PlannedSession } from './training-plan.ts';
import { hikeWorkout, plannedTss, rideWorkout, runWorkout, strengthWorkout, type Sport, type Workout, type WorkoutKind } from './workouts.ts';

const DAY_S = 86_400;

export interface DemoHistory {
  plans: ActivityPlan[];
  /** Fitness and fatigue at the end of the history, for activities added later. */
  fitness: FitnessTracker;
}

/** Day number (days since 1970-01-01) of an instant in the athlete's local time. */
function localDayNumber(epochS: number, timeZone: string): number {
  return Math.floor((epochS + utcOffsetS(timeZone, epochS)) / DAY_S);
}

/** 0 = Monday … 6 = Sunday; day 0 (1970-01-01) was a Thursday. */
const dayOfWeek = (dayNumber: number) => (dayNumber + 3) % 7;

/** Seasonal outdoor temperature at home on a (local) day: coldest around 20 January, plus the day's weather. */
export function dayTemperatureC(profile: AthleteProfile, dayNumber: number): number {
  const dayOfYear = Math.floor(((dayNumber % 365.25) + 365.25) % 365.25);
  const seasonal = profile.place.meanTemperatureC - profile.place.temperatureSwingC * Math.cos((2 * Math.PI * (dayOfYear - 20)) / 365.25);
  return seasonal + 2.5 * createRandom(deriveSeed(profile.seed, 'weather', dayNumber)).normal();
}

/** Mornings are cooler than afternoons. */
function temperatureAtHour(dayTemperatureC: number, localHour: number): number {
  return dayTemperatureC + 3.5 * Math.sin((Math.PI * (localHour - 9)) / 12);
}

/**
 * Generates the athlete's training history for the `days` days up to and including the day of
 * `endS`, day by day: the plan of the day becomes activities, and their training stress moves
 * fitness and fatigue, which shape the following days. Activities later on the last day are
 * included; the store hides those that have not finished yet.
 */
export function generateHistory(profile: AthleteProfile, routes: readonly RouteSpec[], endS: number, days: number): DemoHistory {
  const timeZone = profile.place.timeZone;
  const lastDay = localDayNumber(endS, timeZone);
  const firstDay = lastDay - days + 1;
  const firstMonday = firstDay - dayOfWeek(firstDay);
  const fitness = new FitnessTracker(profile.startCtl);
  const plans: ActivityPlan[] = [];
  for (let day = firstDay; day <= lastDay; day += 1) {
    const random = createRandom(deriveSeed(profile.seed, 'day', day));
    const temperatureC = dayTemperatureC(profile, day);
    const physiology = physiologyFor(profile, fitness);
    const sessions = planDay({ weekIndex: Math.floor((day - firstMonday) / 7), dayOfWeek: dayOfWeek(day), temperatureC, random });
    let dayTss = 0;
    sessions.forEach((session, index) => {
      const plan = buildActivityPlan({
        profile,
        routes,
        physiology,
        session,
        dayNumber: day,
        dayTemperatureC: temperatureC,
        seed: deriveSeed(profile.seed, 'activity', day, index),
      });
      plans.push(plan);
      dayTss += plannedTss(plan.sport, plan.workout);
    });
    fitness.completeDay(dayTss);
  }
  return { plans, fitness };
}

export interface BuildPlanInput {
  profile: AthleteProfile;
  routes: readonly RouteSpec[];
  physiology: DailyPhysiology;
  session: PlannedSession;
  /** Local day number of the session. */
  dayNumber: number;
  dayTemperatureC: number;
  seed: number;
  name?: string;
}

/** Turns a planned session into a concrete activity: workout, loop, start time, name. */
export function buildActivityPlan(input: BuildPlanInput): ActivityPlan {
  const { profile, routes, physiology, session, dayNumber, seed } = input;
  const random = createRandom(deriveSeed(seed, 'plan'));
  let workout = workoutFor(session.sport, session.workoutKind, session.durationS, random);
  const outdoor = !session.indoor && session.sport !== 'WeightTraining';
  const route = outdoor ? closestRoute(routes, session.sport, workout, physiology) : null;
  if (route) {
    workout = { ...workout, targetDurationS: Math.round(expectedDurationS(route, workout.fillIntensity, physiology.ftpW, physiology.thresholdSpeedMps, physiology.weightKg)) };
  }
  const noonS = dayNumber * DAY_S + 12 * 3600;
  const utcOffset = utcOffsetS(profile.place.timeZone, noonS);
  const startS = dayNumber * DAY_S + session.localStartS - utcOffset;
  const localHour = session.localStartS / 3600;
  return {
    sport: session.sport,
    trainer: session.sport === 'Ride' && session.indoor,
    startS,
    utcOffsetS: utcOffset,
    workout,
    route,
    physiology,
    temperatureC: temperatureAtHour(input.dayTemperatureC, localHour),
    seed,
    name: input.name ?? activityName(session.sport, workout, localHour, random),
    workoutType: workoutType(session.sport, workout.kind),
    visibility: visibilityFor(session.sport, random),
  };
}

function workoutFor(sport: Sport, kind: WorkoutKind, durationS: number, random: Random): Workout {
  switch (sport) {
    case 'Ride':
      return rideWorkout(kind, durationS);
    case 'Run':
      return runWorkout(kind, durationS);
    case 'Hike':
      return hikeWorkout(durationS);
    case 'WeightTraining':
      return strengthWorkout(durationS, random);
  }
}

/** The loop whose expected duration at the session's intensity is nearest the planned duration. */
function closestRoute(routes: readonly RouteSpec[], sport: Sport, workout: Workout, day: DailyPhysiology): RouteSpec | null {
  let best: RouteSpec | null = null;
  let bestGapS = Number.POSITIVE_INFINITY;
  for (const route of routes) {
    if (route.sport !== sport) continue;
    const gapS = Math.abs(expectedDurationS(route, workout.fillIntensity, day.ftpW, day.thresholdSpeedMps, day.weightKg) - workout.targetDurationS);
    if (gapS < bestGapS) {
      best = route;
      bestGapS = gapS;
    }
  }
  return best;
}

/** Strava's default names ("Morning Ride", "Lunch Run"), or the workout's own name. */
function activityName(sport: Sport, workout: Workout, localHour: number, random: Random): string {
  if (workout.title && random.chance(0.75)) return workout.title;
  const part = localHour < 5 ? 'Night' : localHour < 12 ? 'Morning' : localHour < 14 ? 'Lunch' : localHour < 18 ? 'Afternoon' : localHour < 22 ? 'Evening' : 'Night';
  const label = sport === 'WeightTraining' ? 'Weight Training' : sport;
  return `${part} ${label}`;
}

function workoutType(sport: Sport, kind: WorkoutKind): number | null {
  if (sport === 'Run') return kind === 'long' ? 2 : kind === 'tempo' || kind === 'intervals' ? 3 : 0;
  if (sport === 'Ride') return ['threshold', 'vo2max', 'sweet-spot', 'tempo'].includes(kind) ? 12 : 10;
  return null;
}

/** Some athletes keep gym sessions to themselves; a few rides are for followers only. */
function visibilityFor(sport: Sport, random: Random): Visibility {
  if (sport === 'WeightTraining' && random.chance(0.3)) return 'only_me';
  return random.chance(0.1) ? 'followers_only' : 'everyone';
}
