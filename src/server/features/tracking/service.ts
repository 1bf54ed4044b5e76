import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { buttonInteractionBody, pageViewBody, userEventBody } from '../../../shared/api/tracking.ts';
import type { Throttles } from '../../http/rate-limit.ts';
import type { TrackingRepo } from './repo.ts';

export interface TrackingMeta {
  ip: string;
  userAgent: string | undefined;
  referrer: string | undefined;
  accountId: string | null;
  /** The session's key; only a one-way digest of it is stored with events. */
  sid: string | null;
}

/** A stable, non-secret id that groups one session's events without storing its key. */
function trackingSessionId(sid: string | null): string | null {
  return sid ? createHash('sha256').update(`tracking:${sid}`).digest('hex').slice(0, 24) : null;
}

const clip = (value: string | undefined, max: number) => (value ? value.slice(0, max) : null);

export function createTrackingService(repo: TrackingRepo, throttles: Throttles) {
  const eventsByIp = throttles.throttle('tracking-events-by-ip', { limit: 240, windowMs: 60_000 });
  const limitMessage = 'Too many tracking events. Slow down.';

  return {
    async pageView(body: z.output<typeof pageViewBody>, meta: TrackingMeta) {
      await eventsByIp.enforce(meta.ip, limitMessage);
      await repo.insertPageView({
        path: body.path,
        userAgent: clip(meta.userAgent, 512),
        ipAddress: meta.ip,
        sessionId: trackingSessionId(meta.sid),
      });
    },

    async userEvent(body: z.output<typeof userEventBody>, meta: TrackingMeta) {
      await eventsByIp.enforce(meta.ip, limitMessage);
      await repo.insertUserEvent({
        eventType: body.eventType,
        eventName: body.eventName,
        eventData: body.eventData ?? null,
        userId: meta.accountId,
        accountId: meta.accountId,
        sessionId: trackingSessionId(meta.sid),
        userAgent: clip(meta.userAgent, 512),
        ipAddress: meta.ip,
        referrer: clip(meta.referrer, 1024),
      });
    },

    async buttonInteraction(body: z.output<typeof buttonInteractionBody>, meta: TrackingMeta) {
      await eventsByIp.enforce(meta.ip, limitMessage);
      await repo.insertButtonInteraction({
        buttonType: body.buttonType,
        analysisSection: body.analysisSection,
        userId: meta.accountId,
        sessionId: trackingSessionId(meta.sid),
      });
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
