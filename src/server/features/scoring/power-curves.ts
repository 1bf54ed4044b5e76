import type { ActivityStreams } from '../../../metrics/activity-streams.ts';
import { computeCriticalPower } from '../../../metrics/critical-power.ts';
import { computeMeanMaximalPower, computePowerDurationCurve } from '../../../metrics/mean-maximal-power.ts';
import { POWER_CURVE_GRID_S, samplePowerCurveOnGrid } from '../../../metrics/power-curve-grid.ts';
import { resampleTo1Hz } from '../../../metrics/resample.ts';
import type { ActivityMetricsView, BestPowerCurve } from '../../../shared/api/activities.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { AppError } from '../../http/errors.ts';
import type { MetricsRepo } from './repo.ts';

/** Measured 1 Hz power of an activity's streams; null when it has none. */
function measuredPowerW1Hz(streams: ActivityStreams | null): number[] | null {
  return streams && streams.timeS.length > 0 ? (resampleTo1Hz(streams).powerW ?? null) : null;
}

/**
 * The power curves of an account's activities: one activity's exact curve, the grid curves stored
 * with the metrics (made on first read for metrics stored before curves were kept), and the best
 * curve of a window with CP and W′ fitted to it.
 */
export function createPowerCurves(deps: {
  repo: MetricsRepo;
  /** The account's activity with its measured streams (Strava's estimated power left out); undefined when the account has none. */
  scoredActivity: (accountId: string, activityId: string) => Promise<{ streams: ActivityStreams | null } | undefined>;
}) {
  const { repo, scoredActivity } = deps;

  /** For metrics stored before curves were kept: the same grid curve compute() stores now. */
  async function gridPowerCurve(accountId: string, activityId: string): Promise<number[]> {
    const powerW = measuredPowerW1Hz((await scoredActivity(accountId, activityId))?.streams ?? null);
    return powerW ? samplePowerCurveOnGrid(computePowerDurationCurve(computeMeanMaximalPower(powerW))) : [];
  }

  /** Stores the grid curve of each activity since `from` whose metrics were stored before curves were kept, so every stored curve can be read. */
  async function storeMissingPowerCurves(accountId: string, from: Date): Promise<void> {
    for (const activityId of await repo.activityIdsMissingPowerCurve(accountId, from)) {
      await repo.savePowerCurve(accountId, activityId, await gridPowerCurve(accountId, activityId));
    }
  }

  return {
    /** The exact mean-maximal power for every duration, 1 s … the whole activity. */
    async powerCurve(accountId: string, activityId: string): Promise<{ durationsS: number[]; watts: number[] }> {
      const scored = await scoredActivity(accountId, activityId);
      if (!scored) throw new AppError('not_found', 'Activity not found');
      const powerW = measuredPowerW1Hz(scored.streams);
      if (!powerW) throw new AppError('not_found', 'This activity has no power data');
      return computeMeanMaximalPower(powerW);
    },

    /**
     * The athlete's best power-duration curve over the activities that started in the last `days`
     * days, read from the curves stored with each activity's metrics, with CP and W′ fitted to it.
     */
    async bestPowerCurve(accountId: string, days: number, now = new Date()): Promise<BestPowerCurve> {
      const from = new Date(now.getTime() - days * DAY_MS);
      await storeMissingPowerCurves(accountId, from);
      const { watts, activityCount } = await repo.bestPowerCurveW(accountId, from);
      const durationsS = POWER_CURVE_GRID_S.slice(0, watts.length);
      const fit = computeCriticalPower({ durationsS, watts });
      const criticalPower = fit && { criticalPowerW: Math.round(fit.criticalPowerW), wPrimeJ: Math.round(fit.wPrimeJ) };
      return { days, activityCount, durationsS, watts, criticalPower };
    },

    storeMissingPowerCurves,

    /**
     * The metrics and power curve (on POWER_CURVE_GRID_S; empty without measured power) of each of
     * the account's activities among `activityIds` whose metrics are computed.
     */
    async ofActivities(accountId: string, activityIds: readonly string[]): Promise<Map<string, { view: ActivityMetricsView; powerCurveW: number[] }>> {
      const found = new Map<string, { view: ActivityMetricsView; powerCurveW: number[] }>();
      for (const row of await repo.findMany(accountId, activityIds)) {
        let powerCurveW = row.powerCurveW;
        if (powerCurveW === null) {
          powerCurveW = await gridPowerCurve(accountId, row.activityId);
          await repo.savePowerCurve(accountId, row.activityId, powerCurveW);
        }
        found.set(row.activityId, { view: row.metrics as ActivityMetricsView, powerCurveW });
      }
      return found;
    },
  };
}
