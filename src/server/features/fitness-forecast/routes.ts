import type { FastifyInstance } from 'fastify';
import { fitnessForecast } from '../../../shared/api/fitness-forecast.ts';
import { route } from '../../http/route.ts';
import type { FitnessForecastService } from './service.ts';

/** ADR 0081: the fitness series carried on over the active plan's planned loads to its event day. */
export function registerFitnessForecastRoutes(app: FastifyInstance, forecast: FitnessForecastService): void {
  route(app, {
    method: 'GET',
    url: '/api/fitness/forecast',
    summary:
      "Fitness (CTL), fatigue (ATL) and form (TSB) projected from today's figures over the active plan's planned load, day by day from tomorrow to its event or target day (its last day without one; at most two years), with the event morning's figures and the assumption made where no plan covers a day",
    tags: ['activities'],
    auth: 'required',
    response: fitnessForecast,
    handler: ({ account }) => forecast.forecast(account.id),
  });
}
