import type { SportFamily } from '../../metrics/training-load.ts';

/** Strava's sport types (which Kairo's imports map onto) by the family their training load is scored as. */
const RIDE_TYPES = new Set(['Ride', 'VirtualRide', 'EBikeRide', 'EMountainBikeRide', 'MountainBikeRide', 'GravelRide', 'Velomobile', 'Handcycle']);
const RUN_TYPES = new Set(['Run', 'TrailRun', 'VirtualRun']);
const HIKE_TYPES = new Set(['Hike', 'Walk']);
const WORKOUT_TYPES = new Set(['WeightTraining', 'Workout', 'Crossfit', 'Yoga', 'HighIntensityIntervalTraining', 'Pilates']);

export function sportFamilyOf(sportType: string): SportFamily {
  if (RIDE_TYPES.has(sportType)) return 'ride';
  if (RUN_TYPES.has(sportType)) return 'run';
  if (HIKE_TYPES.has(sportType)) return 'hike';
  if (WORKOUT_TYPES.has(sportType)) return 'workout';
  return 'other';
}

/** The sport types of a family (the activities whose heart rate estimates that sport's max heart rate, ADR 0060). */
export function sportTypesOf(family: 'ride' | 'run'): string[] {
  return [...(family === 'ride' ? RIDE_TYPES : RUN_TYPES)];
}
