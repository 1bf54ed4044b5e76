import type { Random } from './random.ts';
import type { Sport, WorkoutKind } from './workouts.ts';

/** A session the athlete intends to do on a day, before it is turned into an activity. */
export interface PlannedSession {
  sport: Sport;
  workoutKind: WorkoutKind;
  durationS: number;
  /** Start time in seconds after local midnight. */
  localStartS: number;
  /** On the home trainer instead of on the road. */
  indoor: boolean;
}

export interface PlanDayInput {
  /** Weeks since the history started; blocks of four weeks, the fourth one easy. */
  weekIndex: number;
  /** 0 = Monday … 6 = Sunday, in the athlete's time zone. */
  dayOfWeek: number;
  temperatureC: number;
  random: Random;
}

/** Sessions that do not happen: a busy day, bad weather, a niggle. */
const SKIP_PROBABILITY = 0.07;

const hours = (value: number) => Math.round(value * 3600);

/**
 * A self-coached amateur's week: gym on Monday, bike intervals on Tuesday, an easy run on
 * Wednesday, a sweet-spot or tempo ride on Thursday, a quality run on Friday, the long ride on
 * Saturday and the long run (or a hike in the hills) on Sunday. Volume rises block after block;
 * every fourth week is a recovery week with less of everything and no intervals.
 */
export function planDay({ weekIndex, dayOfWeek, temperatureC, random }: PlanDayInput): PlannedSession[] {
  const recoveryWeek = weekIndex % 4 === 3;
  const volume = recoveryWeek ? 0.65 : Math.min(1.3, 0.85 + 0.022 * weekIndex);
  const jitterS = () => random.integer(-20, 20) * 60;
  const sessions: PlannedSession[] = [];
  const add = (session: PlannedSession) => {
    if (!random.chance(SKIP_PROBABILITY)) sessions.push({ ...session, localStartS: session.localStartS + jitterS() });
  };
  const cold = temperatureC < 8;

  switch (dayOfWeek) {
    case 0:
      add({ sport: 'WeightTraining', workoutKind: 'strength', durationS: hours(random.between(0.7, 0.9)), localStartS: hours(18.5), indoor: true });
      break;
    case 1: {
      const kind: WorkoutKind = recoveryWeek ? 'endurance' : (['threshold', 'vo2max', 'threshold', 'sweet-spot'] as const)[weekIndex % 4] ?? 'threshold';
      const evening = random.chance(0.6);
      add({
        sport: 'Ride',
        workoutKind: kind,
        durationS: hours((recoveryWeek ? 1 : 1.25) * random.between(0.9, 1.1)),
        localStartS: hours(evening ? 18 : 6.5),
        indoor: cold || evening || random.chance(0.2),
      });
      break;
    }
    case 2:
      add({ sport: 'Run', workoutKind: 'easy', durationS: hours(0.75 * Math.sqrt(volume) * random.between(0.9, 1.1)), localStartS: hours(random.chance(0.5) ? 7 : 12.25), indoor: false });
      break;
    case 3: {
      const kind: WorkoutKind = recoveryWeek ? 'recovery' : weekIndex % 2 === 0 ? 'sweet-spot' : 'tempo';
      add({
        sport: 'Ride',
        workoutKind: kind,
        durationS: hours((recoveryWeek ? 0.85 : 1.5 * Math.sqrt(volume)) * random.between(0.9, 1.1)),
        localStartS: hours(random.chance(0.6) ? 12 : 17.75),
        indoor: cold && random.chance(0.7),
      });
      if (!recoveryWeek && random.chance(0.4)) {
        add({ sport: 'WeightTraining', workoutKind: 'strength', durationS: hours(random.between(0.55, 0.75)), localStartS: hours(20), indoor: true });
      }
      break;
    }
    case 4:
      if (!recoveryWeek) {
        add({ sport: 'Run', workoutKind: weekIndex % 2 === 0 ? 'tempo' : 'intervals', durationS: hours(random.between(0.85, 1)), localStartS: hours(7), indoor: false });
      }
      break;
    case 5:
      add({
        sport: 'Ride',
        workoutKind: 'long',
        durationS: hours((recoveryWeek ? 1.8 : 2.6 * volume) * random.between(0.9, 1.1)),
        localStartS: hours(8.5),
        indoor: temperatureC < 2,
      });
      break;
    case 6:
      if (!recoveryWeek && weekIndex % 3 === 1) {
        add({ sport: 'Hike', workoutKind: 'hike', durationS: hours(random.between(3, 4.5)), localStartS: hours(9), indoor: false });
      } else {
        add({ sport: 'Run', workoutKind: 'long', durationS: hours((recoveryWeek ? 0.9 : 1.2 * volume) * random.between(0.9, 1.1)), localStartS: hours(9), indoor: false });
      }
      break;
  }
  return sessions;
}
