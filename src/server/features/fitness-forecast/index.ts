/** The fitness forecast (ADR 0081): the fitness model run on over the day plan's planned loads to the active plan's event day. */
export { createFitnessForecastService, type FitnessForecastService } from './service.ts';
export { registerFitnessForecastRoutes } from './routes.ts';
