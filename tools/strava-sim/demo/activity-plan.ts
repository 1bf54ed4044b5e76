import type { DailyPhysiology } from './athlete-model.ts';
import type { RouteSpec } from './routes.ts';
import type { Sport, Workout } from './workouts.ts';

export type Visibility = 'everyone' | 'followers_only' | 'only_me';

/**
 * Everything needed to (re)generate one activity: streams are synthesised from this plan with its
 * own seed, so they can be dropped from memory and rebuilt identically when asked for again.
 */
export interface ActivityPlan {
  sport: Sport;
  trainer: boolean;
  /** Start, in seconds since the epoch (UTC). */
  startS: number;
  /** Offset of the athlete's time zone at the start, in seconds. */
  utcOffsetS: number;
  workout: Workout;
  /** The loop ridden, run or hiked; null indoors and in the gym. */
  route: RouteSpec | null;
  /** The athlete's fitness and fatigue that day. */
  physiology: DailyPhysiology;
  /** Outside air temperature at the start, in °C. */
  temperatureC: number;
  seed: number;
  name: string;
  /** Strava's workout_type: run 0 default / 2 long run / 3 workout; ride 10 default / 12 workout. */
  workoutType: number | null;
  visibility: Visibility;
}
