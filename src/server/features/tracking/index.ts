import type { Database } from '../../db/client.ts';
import type { Throttles } from '../../http/rate-limit.ts';
import { createTrackingRepo } from './repo.ts';
import { createTrackingService } from './service.ts';

/** First-visit attribution (where an account came from). */
export type { TrackingService } from './service.ts';
export { registerTrackingRoutes } from './routes.ts';

export const createTracking = (database: Database, throttles: Throttles) => createTrackingService(createTrackingRepo(database), throttles);
