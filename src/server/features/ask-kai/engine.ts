import type { AskChart, AskFact, AskSource } from '../../../shared/api/coach-conversations.ts';

/**
 * What a conversation keeps between questions so a follow-up ("and over the last 30 days?", "what
 * about running?") reuses the last question's kind, metric, sport and period with the one thing
 * changed. Stored as it is (JSON) on the conversation; only the engine reads it.
 */
export type ConversationSubject = Record<string, unknown>;

export interface AskInput {
  accountId: string;
  text: string;
  /** The activity in view ("Ask about this activity"), already checked to be this account's. */
  activityId?: string;
  /** The athlete's calendar day (YYYY-MM-DD) that periods count back from. */
  today: string;
  /** The conversation's subject after its previous question; null for the first. */
  subject: ConversationSubject | null;
}

export interface AskOutcome {
  text: string;
  facts: AskFact[];
  sources: AskSource[];
  chart: AskChart | null;
  coach: 'built-in' | 'model';
  /** Why the built-in coach answered although a model is configured; null otherwise. */
  coachNote: string | null;
  /** Questions Kai can answer, when it could not answer this one. */
  suggestions?: string[];
  /** The subject to keep for the next question (the previous one kept when this question was not understood). */
  subject: ConversationSubject | null;
}

/** Ask Kai's answerer: reads the question, builds the facts it needs (all scoped to the account), then writes. */
export interface AskEngine {
  answer(input: AskInput): Promise<AskOutcome>;
  /** Questions chosen from the athlete's data, for a new conversation (about the activity when one is given). */
  suggestions(accountId: string, options: { activityId?: string; today: string }): Promise<string[]>;
}
