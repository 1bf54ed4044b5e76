import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, coachConversations, coachMessages, coachQuestionUsage, type CoachMessagePayload } from '../../db/schema.ts';
import type { AccountPlan } from '../../../shared/domain/account-plan.ts';
import type { ConversationSubject } from './engine.ts';
import { NEW_CONVERSATION_TITLE } from './conversation-title.ts';

export type ConversationRow = typeof coachConversations.$inferSelect;
export type MessageRow = typeof coachMessages.$inferSelect;
/** What decides the account's daily question limit. */
export interface AccountAccess {
  plan: AccountPlan;
  trialExpiryDate: Date | null;
}

export type ConversationWithCount = ConversationRow & { messageCount: number };

/** One exchange as the service hands it over to be kept. */
export interface Exchange {
  question: { text: string; activityId: string | null };
  answer: { text: string; payload: CoachMessagePayload; activityId: string | null };
  subject: ConversationSubject | null;
  /** The title the conversation takes when this is its first question and it still has the placeholder. */
  firstQuestionTitle: string;
}

const conversationColumns = getTableColumns(coachConversations);
// Qualified by hand: inside a subquery drizzle's bare column names would name the messages' own columns.
const messageCount = sql<number>`(select count(*)::int from ${coachMessages} as m where m.conversation_id = ${coachConversations}.id)`;

/**
 * Ask Kai's SQL. Every statement names the account, so another account's conversation is simply
 * not found. Times come from the database clock, the one every instance shares.
 */
export function createAskKaiRepo(db: Database) {
  const owned = (accountId: string, id: string) => and(eq(coachConversations.id, id), eq(coachConversations.userId, accountId));

  return {
    /** The account's plan, read when a question is asked (a session may carry one changed since). */
    async access(accountId: string): Promise<AccountAccess | undefined> {
      const [row] = await db.select({ plan: accounts.plan, trialExpiryDate: accounts.trialExpiryDate }).from(accounts).where(eq(accounts.id, accountId));
      return row;
    },

    /** Newest updated first (the last question asked, not a rename). */
    async list(accountId: string): Promise<ConversationWithCount[]> {
      return db
        .select({ ...conversationColumns, messageCount })
        .from(coachConversations)
        .where(eq(coachConversations.userId, accountId))
        .orderBy(desc(coachConversations.updatedAt), desc(coachConversations.id));
    },

    async insert(accountId: string, values: { title: string; activityId: string | null }): Promise<ConversationRow> {
      const [row] = await db.insert(coachConversations).values({ userId: accountId, ...values }).returning();
      return row!;
    },

    async find(accountId: string, id: string): Promise<ConversationWithCount | undefined> {
      const [row] = await db
        .select({ ...conversationColumns, messageCount })
        .from(coachConversations)
        .where(owned(accountId, id));
      return row;
    },

    /** Oldest first; a question before its answer. */
    async messages(accountId: string, conversationId: string): Promise<MessageRow[]> {
      return db
        .select()
        .from(coachMessages)
        .where(and(eq(coachMessages.conversationId, conversationId), eq(coachMessages.userId, accountId)))
        .orderBy(asc(coachMessages.createdAt), sql`${coachMessages.role} = 'kai'`, asc(coachMessages.id));
    },

    async rename(accountId: string, id: string, title: string): Promise<ConversationWithCount | undefined> {
      const [row] = await db
        .update(coachConversations)
        .set({ title })
        .where(owned(accountId, id))
        .returning({ ...conversationColumns, messageCount });
      return row;
    },

    /** False when the account has no such conversation. */
    async remove(accountId: string, id: string): Promise<boolean> {
      const removed = await db.delete(coachConversations).where(owned(accountId, id)).returning({ id: coachConversations.id });
      return removed.length > 0;
    },

    async removeAll(accountId: string): Promise<void> {
      await db.delete(coachConversations).where(eq(coachConversations.userId, accountId));
    },

    /**
     * Takes one of the day's questions, in one statement: the row lock of INSERT … ON CONFLICT DO
     * UPDATE makes simultaneous askers (on any instance) queue, and each sees the count the one
     * before it left, so the limit is never passed. False when the day's questions are used up.
     */
    async takeQuestion(accountId: string, day: string, limit: number): Promise<boolean> {
      const taken = await db
        .insert(coachQuestionUsage)
        .values({ userId: accountId, day, count: 1 })
        .onConflictDoUpdate({
          target: [coachQuestionUsage.userId, coachQuestionUsage.day],
          set: { count: sql`${coachQuestionUsage.count} + 1` },
          setWhere: sql`${coachQuestionUsage.count} < ${limit}`,
        })
        .returning({ count: coachQuestionUsage.count });
      return taken.length > 0;
    },

    /** Gives back a question taken on `day` that got no answer. */
    async giveBackQuestion(accountId: string, day: string): Promise<void> {
      await db
        .update(coachQuestionUsage)
        .set({ count: sql`${coachQuestionUsage.count} - 1` })
        .where(and(eq(coachQuestionUsage.userId, accountId), eq(coachQuestionUsage.day, day), sql`${coachQuestionUsage.count} > 0`));
    },

    /**
     * Keeps a question, its answer and the conversation's new subject together, or nothing;
     * undefined when the conversation was deleted while Kai was answering. The answer is stamped
     * after the question (clock_timestamp runs on), so the two read back in order.
     */
    async storeExchange(accountId: string, conversationId: string, exchange: Exchange): Promise<{ question: MessageRow; answer: MessageRow } | undefined> {
      return db.transaction(async (tx) => {
        const [conversation] = await tx
          .update(coachConversations)
          .set({
            subject: exchange.subject,
            updatedAt: sql`now()`,
            title: sql`case when ${coachConversations.title} = ${NEW_CONVERSATION_TITLE}
              and not exists (select 1 from ${coachMessages} as m where m.conversation_id = ${coachConversations}.id)
              then ${exchange.firstQuestionTitle} else ${coachConversations.title} end`,
          })
          .where(owned(accountId, conversationId))
          .returning({ id: coachConversations.id });
        if (!conversation) return undefined;
        const rows = await tx
          .insert(coachMessages)
          .values([
            { conversationId, userId: accountId, role: 'athlete', text: exchange.question.text, activityId: exchange.question.activityId, createdAt: sql`now()` },
            {
              conversationId,
              userId: accountId,
              role: 'kai',
              text: exchange.answer.text,
              payload: exchange.answer.payload,
              activityId: exchange.answer.activityId,
              createdAt: sql`clock_timestamp()`,
            },
          ])
          .returning();
        const question = rows.find((row) => row.role === 'athlete')!;
        const answer = rows.find((row) => row.role === 'kai')!;
        return { question, answer };
      });
    },
  };
}

export type AskKaiRepo = ReturnType<typeof createAskKaiRepo>;
