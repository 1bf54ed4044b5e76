import { z } from 'zod';

/**
 * The fitness forecast (ADR 0081): the fitness model (metrics/fitness.ts) run on from today's
 * figures over the active plan's planned loads, as the day plan decides each day, to the plan's
 * event or target day (or its last day). Days are in the shape of the fitness series (GET
 * /api/fitness): CTL and ATL at the end of the day, TSB on its morning.
 */

/** The forecast reaches at most this many days past today (two years). */
export const FORECAST_MAX_DAYS = 731;

/** Where a day's load came from: the day plan's session ('plan', 0 on a rest day) or the stated assumption. */
export const forecastLoadBases = ['plan', 'assumption'] as const;

export const fitnessForecastDay = z.object({
  /** YYYY-MM-DD (UTC, as the fitness series counts days). */
  date: z.string(),
  /** The load the model ran on this day, on the TSS scale activities are scored on. */
  plannedLoad: z.number().int().nonnegative(),
  basis: z.enum(forecastLoadBases),
  ctl: z.number(),
  atl: z.number(),
  tsb: z.number(),
});
export type FitnessForecastDay = z.infer<typeof fitnessForecastDay>;

export const fitnessForecast = z.object({
  /**
   * Today, where the forecast starts from: its recorded load, or while nothing is recorded yet,
   * the load of the day plan's session for today (`counted: 'planned'`); CTL and ATL at its end.
   */
  today: z.object({ date: z.string(), load: z.number().nonnegative(), counted: z.enum(['recorded', 'planned']), ctl: z.number(), atl: z.number() }),
  /** Each day from tomorrow to the plan's event or target day (its last day when it has none), oldest first; empty without an active plan. */
  days: z.array(fitnessForecastDay),
  /**
   * The plan's event (or PR target) day with the projected figures on its morning, before the
   * race (ADR 0071): CTL and ATL at the end of the day before, TSB = CTL − ATL. Null when the plan
   * has no such day within the forecast.
   */
  eventDay: z
    .object({
      date: z.string(),
      name: z.string(),
      ctl: z.number(),
      atl: z.number(),
      tsb: z.number(),
      /**
       * The form the plan aims for on that morning (shared/domain/form-bands.ts): fresh, above
       * `formLow`, but not detrained, at most `formHigh`. `met` judges the form as screens show it
       * (whole fitness − whole fatigue, ADR 0071); `advice` is one plain sentence when it misses,
       * else null. Plans state no fitness (CTL) aim, so none is judged.
       */
      target: z.object({ formLow: z.number(), formHigh: z.number(), met: z.boolean(), advice: z.string().nullable() }),
    })
    .nullable(),
  /** The active plan the forecast follows; null when none runs after today. */
  planId: z.string().nullable(),
  /** What the forecast assumes where the plan says nothing, in one sentence. */
  assumption: z.string(),
});
export type FitnessForecast = z.infer<typeof fitnessForecast>;
