import type { Database } from '../../db/client.ts';
import { createCalendarRepo } from './repo.ts';
import { createCalendarService, type CalendarDeps } from './service.ts';

/** The training calendar (ADR 0080): days, weeks, months and years of the athlete's training, with the day plan's sessions. */
export type { CalendarService } from './service.ts';
export { registerCalendarRoutes } from './routes.ts';

export function createCalendar(deps: Omit<CalendarDeps, 'repo'> & { database: Database }) {
  const { database, ...rest } = deps;
  return createCalendarService({ ...rest, repo: createCalendarRepo(database) });
}
