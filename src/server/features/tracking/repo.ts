import type { Database } from '../../db/client.ts';
import { buttonInteractions, pageViews, userEvents } from '../../db/schema.ts';

export function createTrackingRepo(db: Database) {
  return {
    async insertPageView(values: typeof pageViews.$inferInsert) {
      await db.insert(pageViews).values(values);
    },
    async insertUserEvent(values: typeof userEvents.$inferInsert) {
      await db.insert(userEvents).values(values);
    },
    async insertButtonInteraction(values: typeof buttonInteractions.$inferInsert) {
      await db.insert(buttonInteractions).values(values);
    },
  };
}

export type TrackingRepo = ReturnType<typeof createTrackingRepo>;
