import { z } from 'zod';

/** Usage-tracking contracts (spec §3 tracking records, §7). */
export const trackingEventTypes = ['user_action', 'feature_usage', 'training_plan', 'analysis'] as const;

export const pageViewBody = z.object({
  path: z.string().trim().min(1, 'Path is required').max(512, 'Path must be at most 512 characters'),
});

export const userEventBody = z.object({
  eventType: z.enum(trackingEventTypes, { error: 'Unknown event type' }),
  eventName: z.string().trim().min(1, 'Event name is required').max(100, 'Event name must be at most 100 characters'),
  eventData: z
    .record(z.string(), z.unknown())
    .optional()
    .refine((data) => data === undefined || JSON.stringify(data).length <= 4096, 'Event data must be at most 4 KB'),
});

export const buttonInteractionBody = z.object({
  buttonType: z.enum(['copy', 'share'], { error: "Button type must be 'copy' or 'share'" }),
  analysisSection: z.string().trim().min(1, 'Analysis section is required').max(100, 'Analysis section must be at most 100 characters'),
});
