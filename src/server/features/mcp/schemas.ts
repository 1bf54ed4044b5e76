import { z } from 'zod';
import { activityIntervals } from '../../../shared/api/activity-intervals.ts';
import { askFact, askSource, QUESTION_MAX_CHARS } from '../../../shared/api/coach-conversations.ts';
import { sessionFocuses, sessionStep } from '../../../shared/api/analysis.ts';
import { daySessionSports } from '../../../shared/api/day-plan.ts';
import { readinessStates } from '../../../shared/api/wellness.ts';

/**
 * The input and output of each MCP tool (ADR 0077). Inputs are zod shapes the SDK validates and
 * publishes as JSON Schema; outputs are the tools' `structuredContent`, checked by the SDK's client
 * against the same schemas. Units are in the names, SI throughout, as in the HTTP API.
 */

/** What a tool left out because of the Strava fence, in sentences; empty when nothing was. */
const leftOut = z.array(z.string()).describe('What this answer left out (Strava data and figures computed from it), and why');

const calendarDay = z.iso.date({ error: 'a date is YYYY-MM-DD' });
export const sportFamilies = ['ride', 'run', 'hike', 'workout', 'other'] as const;
const ownSource = z.enum(['file', 'archive', 'demo']).describe('file: an upload; archive: your Strava export archive; demo: the demo simulator');

export const listActivitiesInput = {
  from: calendarDay.optional().describe('First day (UTC, YYYY-MM-DD); default 90 days before `to`'),
  to: calendarDay.optional().describe('Last day (UTC, YYYY-MM-DD), included; default today'),
  sport: z.enum(sportFamilies).optional().describe('Only this sport family'),
  limit: z.number().int().min(1).max(100).default(20).describe('Activities per page (1–100)'),
  offset: z.number().int().min(0).default(0).describe('Activities to skip (paging)'),
};

const listedActivity = z.object({
  id: z.uuid(),
  name: z.string(),
  sportType: z.string(),
  sport: z.enum(sportFamilies),
  source: ownSource,
  startDate: z.string().describe('ISO date-time (UTC)'),
  distanceM: z.number(),
  movingTimeS: z.number(),
  elapsedTimeS: z.number(),
  elevationGainM: z.number().nullable(),
  averageHeartrateBpm: z.number().nullable(),
  averagePowerW: z.number().nullable().describe('Measured power only'),
  trainer: z.boolean(),
  trainingLoad: z.number().nullable().describe('Null until scored, or when left out'),
});

export const listActivitiesOutput = {
  from: calendarDay,
  to: calendarDay,
  activities: z.array(listedActivity),
  total: z.number().int().describe('Shared activities matching the filter, all pages'),
  nextOffset: z.number().int().nullable().describe('The offset of the next page; null on the last'),
  leftOut,
};
export type ListActivitiesOutput = z.infer<z.ZodObject<typeof listActivitiesOutput>>;

export const getActivityInput = { activityId: z.uuid({ error: 'activityId is an activity id from list_activities' }) };


const activityMetrics = z.object({
  movingTimeS: z.number().nullable(),
  distanceM: z.number().nullable(),
  elevationGainM: z.number().nullable(),
  averagePowerW: z.number().nullable(),
  maxPowerW: z.number().nullable(),
  normalizedPowerW: z.number().nullable(),
  xPowerW: z.number().nullable(),
  variabilityIndex: z.number().nullable(),
  workKj: z.number().nullable(),
  averageHeartrateBpm: z.number().nullable(),
  maxHeartrateBpm: z.number().nullable(),
  efficiencyFactor: z.number().nullable(),
  decouplingPct: z.number().nullable(),
  averagePaceSPerKm: z.number().nullable(),
  gradeAdjustedPaceSPerKm: z.number().nullable(),
  bestEfforts: z.array(z.object({ distanceM: z.number(), elapsedS: z.number(), startOffsetS: z.number() })).nullable(),
  /** Threshold-based: null when the thresholds came from Strava. */
  ftpW: z.number().nullable(),
  thresholdPaceSPerKm: z.number().nullable(),
  intensityFactor: z.number().nullable(),
  tss: z.number().nullable(),
  hrTss: z.number().nullable(),
  rTss: z.number().nullable(),
  trimp: z.number().nullable(),
  trainingLoad: z.number().nullable(),
  trainingLoadMethod: z.enum(['power', 'heartRate', 'pace', 'estimate']).nullable(),
  powerZoneSeconds: z.array(z.number()).nullable().describe("Seconds in Coggan's 7 power zones"),
  hrZoneSeconds: z.array(z.number()).nullable().describe('Seconds in the 5 heart-rate zones'),
  hrZoneUpperBoundsBpm: z.array(z.number()).nullable(),
});

export const getActivityOutput = {
  activity: listedActivity.extend({ description: z.string().nullable(), deviceName: z.string().nullable(), timezone: z.string().nullable() }),
  metrics: activityMetrics.nullable().describe('Null until the activity is scored'),
  laps: activityIntervals.shape.laps,
  intervals: activityIntervals.shape.intervals,
  leftOut,
};
export type GetActivityOutput = z.infer<z.ZodObject<typeof getActivityOutput>>;

export const fitnessSeriesInput = {
  days: z.number().int().min(1).max(730).default(90).describe('Days ending today (UTC)'),
};
export const fitnessSeriesOutput = {
  days: z.array(z.object({ date: calendarDay, load: z.number(), ctl: z.number(), atl: z.number(), tsb: z.number() })),
  computedFrom: z.enum(['every-activity', 'own-activities']).describe('own-activities: recomputed without Strava-derived loads'),
  convention: z.string(),
  leftOut,
};
export type FitnessSeriesOutput = z.infer<z.ZodObject<typeof fitnessSeriesOutput>>;

export const bestPowerCurveInput = {
  days: z.number().int().min(1).max(365).default(90).describe('Activities that started in the last this many days'),
};
export const bestPowerCurveOutput = {
  days: z.number().int(),
  activityCount: z.number().int().describe('Activities with measured power in the window'),
  points: z.array(z.object({ durationS: z.number(), watts: z.number() })),
  criticalPower: z.object({ criticalPowerW: z.number(), wPrimeJ: z.number() }).nullable(),
  leftOut,
};
export type BestPowerCurveOutput = z.infer<z.ZodObject<typeof bestPowerCurveOutput>>;

export const activePlanInput = {
  days: z.number().int().min(1).max(28).default(14).describe('Days from today'),
};
const planSession = z.object({
  title: z.string(),
  sport: z.enum(daySessionSports),
  focus: z.enum(sessionFocuses),
  durationMin: z.number(),
  zones: z.string().nullable(),
  description: z.string(),
  steps: z.array(sessionStep).nullable(),
});
export const activePlanOutput = {
  today: calendarDay,
  plans: z.array(z.object({ id: z.uuid(), name: z.string() })).describe('The active plans covering these days'),
  days: z.array(
    z.object({
      date: calendarDay,
      source: z.enum(['plan', 'coach', 'none']),
      planId: z.uuid().nullable(),
      session: planSession.nullable().describe('Null: a rest day, or nothing planned'),
      changedBy: z.enum(['adjustment', 'readiness']).nullable(),
      raceDay: z.boolean(),
      why: z.string(),
    }),
  ),
  leftOut,
};
export type ActivePlanOutput = z.infer<z.ZodObject<typeof activePlanOutput>>;

export const readinessInput = {
  date: calendarDay.optional().describe("The day (YYYY-MM-DD); today (UTC) when absent"),
};
export const readinessOutput = {
  date: calendarDay,
  state: z.enum(readinessStates).nullable().describe('Null when it weighed something left out'),
  inputs: z.array(z.object({ key: z.string(), label: z.string(), signal: z.string(), value: z.string(), baseline: z.string().nullable(), reason: z.string() })),
  missing: z.array(z.object({ key: z.string(), label: z.string(), reason: z.string() })),
  leftOut,
};
export type ReadinessOutput = z.infer<z.ZodObject<typeof readinessOutput>>;

export const askKaiInput = {
  question: z.string().trim().min(1, 'Ask a question').max(QUESTION_MAX_CHARS, `A question is at most ${QUESTION_MAX_CHARS} characters`),
};
export const askKaiOutput = {
  answer: z.string().nullable().describe("Kai's answer; null when it was left out"),
  facts: z.array(askFact).describe('The figures the answer cites, each with its window and source'),
  sources: z.array(askSource),
  coach: z.enum(['built-in', 'model']).nullable(),
  suggestions: z.array(z.string()).describe('Questions Kai can answer, when it could not answer this one'),
  leftOut,
};
export type AskKaiOutput = z.infer<z.ZodObject<typeof askKaiOutput>>;
