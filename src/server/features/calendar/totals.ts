import type { SportFamily } from '../../../metrics/training-load.ts';
import { calendarSportFamilies, type CalendarBucketTotals, type CalendarTotals } from '../../../shared/api/calendar.ts';

/**
 * Totals of the training calendar (ADR 0080), pure: sums of the known figures of a bucket's
 * activities, with how many lacked each. A figure is known when the activity recorded it (not
 * null); a total none of the bucket's activities recorded is null, never 0.
 */

/** The running sums of one bucket: a single activity, or what the database summed of many. */
export interface TotalsSum {
  activities: number;
  movingTimeS: number;
  distanceM: number;
  distanceKnown: number;
  elevationGainM: number;
  elevationGainKnown: number;
  trainingLoad: number;
  trainingLoadKnown: number;
}

export const emptySum = (): TotalsSum => ({
  activities: 0,
  movingTimeS: 0,
  distanceM: 0,
  distanceKnown: 0,
  elevationGainM: 0,
  elevationGainKnown: 0,
  trainingLoad: 0,
  trainingLoadKnown: 0,
});

/** One activity's figures as a sum; null figures are unknown. */
export function sumOfActivity(activity: { movingTimeS: number; distanceM: number | null; elevationGainM: number | null; trainingLoad: number | null }): TotalsSum {
  return {
    activities: 1,
    movingTimeS: activity.movingTimeS,
    distanceM: activity.distanceM ?? 0,
    distanceKnown: activity.distanceM === null ? 0 : 1,
    elevationGainM: activity.elevationGainM ?? 0,
    elevationGainKnown: activity.elevationGainM === null ? 0 : 1,
    trainingLoad: activity.trainingLoad ?? 0,
    trainingLoadKnown: activity.trainingLoad === null ? 0 : 1,
  };
}

export function addSum(into: TotalsSum, more: TotalsSum): void {
  into.activities += more.activities;
  into.movingTimeS += more.movingTimeS;
  into.distanceM += more.distanceM;
  into.distanceKnown += more.distanceKnown;
  into.elevationGainM += more.elevationGainM;
  into.elevationGainKnown += more.elevationGainKnown;
  into.trainingLoad += more.trainingLoad;
  into.trainingLoadKnown += more.trainingLoadKnown;
}

/** The exact sums: the one rounding is the formatter's, so a week's load of 633.46 shows 633 (rounding to 633.5 first showed 634). */
export function totalsOf(sum: TotalsSum): CalendarTotals {
  return {
    activities: sum.activities,
    movingTimeS: Math.round(sum.movingTimeS),
    distanceM: sum.distanceKnown > 0 ? sum.distanceM : null,
    elevationGainM: sum.elevationGainKnown > 0 ? sum.elevationGainM : null,
    trainingLoad: sum.trainingLoadKnown > 0 ? sum.trainingLoad : null,
    missing: {
      distance: sum.activities - sum.distanceKnown,
      elevationGain: sum.activities - sum.elevationGainKnown,
      trainingLoad: sum.activities - sum.trainingLoadKnown,
    },
  };
}

/** A bucket's sums, overall and per sport family. */
export class BucketSums {
  private readonly overall = emptySum();
  private readonly bySport = new Map<SportFamily, TotalsSum>();

  add(sport: SportFamily, sum: TotalsSum): void {
    addSum(this.overall, sum);
    let own = this.bySport.get(sport);
    if (!own) this.bySport.set(sport, (own = emptySum()));
    addSum(own, sum);
  }

  totals(): CalendarBucketTotals {
    return {
      overall: totalsOf(this.overall),
      bySport: calendarSportFamilies.flatMap((sport) => {
        const own = this.bySport.get(sport);
        return own ? [{ sport, ...totalsOf(own) }] : [];
      }),
    };
  }
}
