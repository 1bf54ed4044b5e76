/**
 * The wellness feature's public face: how the athlete feels (check-ins, their CSV import, the feel
 * of an activity) and readiness. Other features use the service; everything else stays inside.
 */
export { createWellnessRepo } from './repo.ts';
export { registerWellnessRoutes } from './routes.ts';
export { createWellnessService, toReadinessView, type ReadinessWithSources, type WellnessService } from './service.ts';
export type { MissingInput, Readiness, ReadinessInput } from './readiness.ts';
export type { DailyReadingKey, DailyReadings, LowDays } from './low-days.ts';
