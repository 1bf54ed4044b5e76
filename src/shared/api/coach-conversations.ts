import { z } from 'zod';
import { activitySources } from './activities.ts';

/**
 * Ask Kai (issue 28, docs/decisions/0076-ask-kai.md): a conversation with the coach over the
 * athlete's own data. Every number of an answer is one of its facts, written as the fact's `text`;
 * every fact names its window and source, and the answer lists the activities, periods and metrics
 * it read as `sources`.
 */

export const QUESTION_MAX_CHARS = 1000;
export const CONVERSATION_TITLE_MAX_CHARS = 80;
/** Questions a day (UTC) per account, counted when asked and kept when a conversation is deleted. */
export const QUESTIONS_PER_DAY = { free: 10, pro: 200 } as const;

/** Where a fact's figure came from: an activity's source, or the athlete's own words and settings. */
export const factOrigins = [...activitySources, 'athlete'] as const;

/** One figure an answer may cite, computed once by the facts layer (src/server/facts). */
export const askFact = z.object({
  /** Stable name of the figure, e.g. 'fitness.ctl', 'power.best.300s', 'volume.ride.hours'. */
  key: z.string(),
  /** What it is, in words: 'Best 5-min power', 'Fitness (CTL)'. */
  label: z.string(),
  value: z.number(),
  /** The unit of `value`, always SI or a score: 'W', 's', 'm', 'bpm', '%', 'W/kg', 's/km', 'TSS', 'day' (value: days since 1970-01-01), '' for a bare number. */
  unit: z.string(),
  /** The figure exactly as the answer writes it: '312 W', '6 h 20 min', '+4'. */
  text: z.string(),
  /** The days the figure covers (YYYY-MM-DD, both included); null for a value without a window (a setting). */
  window: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** Where it was read, in words: 'Your activities', 'Fitness series', 'Coaching profile', an activity's name. */
  source: z.string(),
  /** The sources of every activity the figure was computed from (Strava-derived when it holds 'strava'). */
  provenance: z.array(z.enum(factOrigins)),
});
export type AskFact = z.infer<typeof askFact>;

/** What an answer read, shown as chips that link to it. */
export const askSource = z.object({
  kind: z.enum(['activity', 'period', 'fitness', 'power-curve', 'plan', 'readiness', 'profile']),
  label: z.string(),
  activityId: z.uuid().optional(),
  planId: z.uuid().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  metric: z.string().optional(),
});
export type AskSource = z.infer<typeof askSource>;

/** A small chart beside a trend or a comparison. */
export const askChart = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('fitness'),
    days: z.array(z.object({ date: z.string(), ctl: z.number(), atl: z.number(), tsb: z.number() })),
  }),
  z.object({
    kind: z.literal('power-curve'),
    /** One or two periods; watts per grid duration, null where the period has no effort that long. */
    series: z.array(z.object({ label: z.string(), points: z.array(z.object({ durationS: z.number(), watts: z.number().nullable() })) })),
  }),
  z.object({
    kind: z.literal('weekly-hours'),
    /** Each week (its first day) with hours per sport family. */
    weeks: z.array(z.object({ from: z.string(), hours: z.array(z.object({ sport: z.string(), hours: z.number() })) })),
  }),
]);
export type AskChart = z.infer<typeof askChart>;

export const coachMessage = z.object({
  id: z.uuid(),
  role: z.enum(['athlete', 'kai']),
  text: z.string(),
  /** Kai's answers only: the facts its numbers come from (empty for the athlete's questions). */
  facts: z.array(askFact),
  sources: z.array(askSource),
  chart: askChart.nullable().optional(),
  /** Who wrote Kai's answer; absent on the athlete's questions. */
  coach: z.enum(['built-in', 'model']).optional(),
  /** Why the built-in coach answered although a model is configured (a Strava-derived fact, a failed check). */
  coachNote: z.string().nullable().optional(),
  /** Questions Kai can answer next, when it could not answer this one. */
  suggestions: z.array(z.string()).optional(),
  /** The activity the question was asked about. */
  activityId: z.uuid().nullable().optional(),
  createdAt: z.string(),
});
export type CoachMessage = z.infer<typeof coachMessage>;

export const conversationSummary = z.object({
  id: z.uuid(),
  title: z.string(),
  /** The activity the conversation started from, if any. */
  activityId: z.uuid().nullable(),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const conversationList = z.object({ conversations: z.array(conversationSummary) });
export type ConversationList = z.infer<typeof conversationList>;

export const conversation = conversationSummary.extend({
  messages: z.array(coachMessage),
  /** Questions chosen from the athlete's data (only power questions when there is power). */
  suggestions: z.array(z.string()),
});
export type Conversation = z.infer<typeof conversation>;

const title = z
  .string({ error: 'title must be text' })
  .trim()
  .min(1, 'Give the conversation a title')
  .max(CONVERSATION_TITLE_MAX_CHARS, `A title is at most ${CONVERSATION_TITLE_MAX_CHARS} characters`);

export const createConversationBody = z
  .strictObject({ title: title.optional(), activityId: z.uuid({ error: 'activityId must be an activity id' }).optional() })
  .optional()
  .default({});
export type CreateConversationBody = z.input<typeof createConversationBody>;

export const renameConversationBody = z.strictObject({ title });
export type RenameConversationBody = z.input<typeof renameConversationBody>;

export const askBody = z.strictObject({
  text: z
    .string({ error: 'text is the question' })
    .trim()
    .min(1, 'Ask a question')
    .max(QUESTION_MAX_CHARS, `A question is at most ${QUESTION_MAX_CHARS} characters`),
  activityId: z.uuid({ error: 'activityId must be an activity id' }).optional(),
  /** The athlete's calendar day (YYYY-MM-DD) that 'today', 'this week' and 'last 30 days' count from; the server's UTC day when absent. */
  today: z.iso.date({ error: 'today must be a date (YYYY-MM-DD)' }).optional(),
});
export type AskBody = z.input<typeof askBody>;

/** POST …/messages answers with the question as stored and Kai's answer. */
export const askReply = z.object({ question: coachMessage, answer: coachMessage });
export type AskReply = z.infer<typeof askReply>;

export const suggestionsQuery = z.strictObject({ activityId: z.uuid({ error: 'activityId must be an activity id' }).optional() });
export const suggestionList = z.object({ questions: z.array(z.string()) });
