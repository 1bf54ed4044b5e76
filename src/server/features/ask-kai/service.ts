import type { z } from 'zod';
import {
  QUESTIONS_PER_DAY,
  type askBody,
  type AskReply,
  type CoachMessage,
  type Conversation,
  type ConversationList,
  type ConversationSummary,
  type createConversationBody,
} from '../../../shared/api/coach-conversations.ts';
import { hasProAccess, type AccountPlan } from '../../../shared/domain/account-plan.ts';
import { formatDurationWords } from '../../../shared/format.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { FOREIGN_KEY_VIOLATION, sqlState } from '../../db/errors.ts';
import type { CoachMessagePayload } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { NEW_CONVERSATION_TITLE, titleForActivity, titleFromQuestion } from './conversation-title.ts';
import type { AskEngine, AskOutcome } from './engine.ts';
import type { AccountAccess, AskKaiRepo, ConversationWithCount, MessageRow } from './repo.ts';

export const CONVERSATION_NOT_FOUND_MESSAGE = 'Conversation not found';
export const ACTIVITY_NOT_FOUND_MESSAGE = 'Activity not found';

export interface AskKaiService {
  list(accountId: string): Promise<ConversationList>;
  create(accountId: string, body: z.output<typeof createConversationBody>): Promise<Conversation>;
  read(accountId: string, id: string): Promise<Conversation>;
  rename(accountId: string, id: string, title: string): Promise<ConversationSummary>;
  remove(accountId: string, id: string): Promise<void>;
  removeAll(accountId: string): Promise<void>;
  ask(accountId: string, id: string, body: z.output<typeof askBody>): Promise<AskReply>;
  suggestions(accountId: string, options: { activityId?: string }): Promise<{ questions: string[] }>;
  /**
   * `engine` with each answer counted against the account's daily question limit, as a question in
   * a conversation is: for questions asked outside any conversation (the MCP tool, ADR 0077).
   */
  counted(engine: AskEngine): AskEngine;
}

/** The UTC calendar day (YYYY-MM-DD) of an instant: the day the question limit counts in. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Questions a day the account may ask: Trial and Pro the Pro number, Free (and an expired trial) the Free one. */
export function dailyQuestionLimit(access: AccountAccess, now: Date): number {
  return hasProAccess(access.plan, access.trialExpiryDate, now) ? QUESTIONS_PER_DAY.pro : QUESTIONS_PER_DAY.free;
}

/** The refusal once the day's questions are used: which plan's limit, and when and in how long it resets. */
export function questionLimitError(access: AccountAccess, now: Date): AppError {
  const limit = dailyQuestionLimit(access, now);
  const untilMidnightMs = DAY_MS - (now.getTime() % DAY_MS);
  const waitS = Math.ceil(untilMidnightMs / 1000);
  return new AppError(
    'too_many_requests',
    `Daily limit reached: ${planWords(access, now)} gives ${limit} questions to Kai a day. They reset at midnight UTC, in ${formatDurationWords(Math.max(60, waitS))}.`,
    { retryAfterS: waitS },
  );
}

function planWords(access: AccountAccess, now: Date): string {
  const plan: AccountPlan = access.plan;
  if (plan === 'Pro') return 'the Pro plan';
  if (plan !== 'Free' && hasProAccess(plan, access.trialExpiryDate, now)) return 'your trial';
  return 'the Free plan';
}

function summaryOf(row: ConversationWithCount): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    activityId: row.activityId,
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function messageOf(row: MessageRow): CoachMessage {
  const base = { id: row.id, role: row.role, text: row.text, activityId: row.activityId, createdAt: row.createdAt.toISOString() };
  if (row.role === 'athlete') return { ...base, facts: [], sources: [] };
  const { facts = [], sources = [], chart = null, coach, coachNote = null, suggestions } = row.payload;
  return { ...base, facts, sources, chart, coachNote, ...(coach ? { coach } : {}), ...(suggestions ? { suggestions } : {}) };
}

function payloadOf(outcome: AskOutcome): CoachMessagePayload {
  return {
    facts: outcome.facts,
    sources: outcome.sources,
    chart: outcome.chart,
    coach: outcome.coach,
    coachNote: outcome.coachNote,
    ...(outcome.suggestions ? { suggestions: outcome.suggestions } : {}),
  };
}

/**
 * Ask Kai's conversations (issue 28): kept per account, each question answered by the engine from
 * the athlete's own facts. A question costs one of the day's questions when it is asked (given back
 * when no answer came), counted apart from the conversations so deleting one gives nothing back.
 */
export function createAskKaiService(deps: {
  repo: AskKaiRepo;
  engine: AskEngine;
  /** The name of the account's activity; undefined when the account has no such activity. */
  activityName(accountId: string, activityId: string): Promise<string | undefined>;
  /** The clock of the question limit and of 'today' when the client sends none (tests inject theirs). */
  now?: () => Date;
}): AskKaiService {
  const { repo, engine } = deps;
  const now = deps.now ?? (() => new Date());

  const owned = async (accountId: string, id: string) => {
    const conversation = await repo.find(accountId, id);
    if (!conversation) throw new AppError('not_found', CONVERSATION_NOT_FOUND_MESSAGE);
    return conversation;
  };
  const ownActivityName = async (accountId: string, activityId: string) => {
    const name = await deps.activityName(accountId, activityId);
    if (name === undefined) throw new AppError('not_found', ACTIVITY_NOT_FOUND_MESSAGE);
    return name;
  };
  const withMessages = async (accountId: string, conversation: ConversationWithCount, messages: MessageRow[]): Promise<Conversation> => ({
    ...summaryOf(conversation),
    messages: messages.map(messageOf),
    suggestions: await engine.suggestions(accountId, { ...(conversation.activityId ? { activityId: conversation.activityId } : {}), today: utcDay(now()) }),
  });

  return {
    async list(accountId) {
      return { conversations: (await repo.list(accountId)).map(summaryOf) };
    },

    async create(accountId, body) {
      const activityId = body.activityId ?? null;
      const name = activityId ? await ownActivityName(accountId, activityId) : undefined;
      const title = body.title ?? (name !== undefined ? titleForActivity(name) : NEW_CONVERSATION_TITLE);
      const row = await repo.insert(accountId, { title, activityId });
      return withMessages(accountId, { ...row, messageCount: 0 }, []);
    },

    async read(accountId, id) {
      const conversation = await owned(accountId, id);
      return withMessages(accountId, conversation, await repo.messages(accountId, id));
    },

    async rename(accountId, id, title) {
      const row = await repo.rename(accountId, id, title);
      if (!row) throw new AppError('not_found', CONVERSATION_NOT_FOUND_MESSAGE);
      return summaryOf(row);
    },

    async remove(accountId, id) {
      if (!(await repo.remove(accountId, id))) throw new AppError('not_found', CONVERSATION_NOT_FOUND_MESSAGE);
    },

    async removeAll(accountId) {
      await repo.removeAll(accountId);
    },

    async ask(accountId, id, body) {
      const conversation = await owned(accountId, id);
      if (body.activityId) await ownActivityName(accountId, body.activityId);
      const activityId = body.activityId ?? conversation.activityId ?? undefined;

      const askedAt = now();
      const day = utcDay(askedAt);
      const access = await repo.access(accountId);
      if (!access) throw new AppError('not_found', CONVERSATION_NOT_FOUND_MESSAGE);
      if (!(await repo.takeQuestion(accountId, day, dailyQuestionLimit(access, askedAt)))) throw questionLimitError(access, askedAt);

      let stored: Awaited<ReturnType<AskKaiRepo['storeExchange']>>;
      try {
        const outcome = await engine.answer({
          accountId,
          text: body.text,
          ...(activityId ? { activityId } : {}),
          today: body.today ?? day,
          subject: conversation.subject ?? null,
        });
        stored = await repo.storeExchange(accountId, id, {
          question: { text: body.text, activityId: activityId ?? null },
          answer: { text: outcome.text, payload: payloadOf(outcome), activityId: activityId ?? null },
          subject: outcome.subject,
          firstQuestionTitle: titleFromQuestion(body.text),
        });
      } catch (error) {
        // No answer was kept: the question is not counted.
        await repo.giveBackQuestion(accountId, day);
        // The activity asked about was deleted while Kai answered.
        if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw new AppError('not_found', ACTIVITY_NOT_FOUND_MESSAGE, { cause: error });
        throw error;
      }
      if (!stored) {
        // Deleted while Kai answered: nothing was kept, so nothing is counted.
        await repo.giveBackQuestion(accountId, day);
        throw new AppError('not_found', CONVERSATION_NOT_FOUND_MESSAGE);
      }
      return { question: messageOf(stored.question), answer: messageOf(stored.answer) };
    },

    counted(inner) {
      return {
        suggestions: (accountId, options) => inner.suggestions(accountId, options),
        async answer(input) {
          const askedAt = now();
          const day = utcDay(askedAt);
          const access = await repo.access(input.accountId);
          if (!access) throw new AppError('not_found', CONVERSATION_NOT_FOUND_MESSAGE);
          if (!(await repo.takeQuestion(input.accountId, day, dailyQuestionLimit(access, askedAt)))) throw questionLimitError(access, askedAt);
          try {
            return await inner.answer(input);
          } catch (error) {
            await repo.giveBackQuestion(input.accountId, day);
            throw error;
          }
        },
      };
    },

    async suggestions(accountId, options) {
      if (options.activityId) await ownActivityName(accountId, options.activityId);
      return { questions: await engine.suggestions(accountId, { ...(options.activityId ? { activityId: options.activityId } : {}), today: utcDay(now()) }) };
    },
  };
}
