import type { Database } from '../../db/client.ts';
import { createTrackingRepo } from './repo.ts';
import { createTrackingService } from './service.ts';

/** First-visit attribution (where an account came from). */
export type { TrackingService } from './service.ts';
export { registerTrackingRoutes } from './routes.ts';

export const createTracking = (database: Database) => createTrackingService(createTrackingRepo(database));
