import { describe, expect, it, vi } from 'vitest';
import { cutAtWord, titleForActivity, titleFromQuestion } from '../../src/server/features/ask-kai/conversation-title.ts';
import type { AskEngine, AskInput, AskOutcome } from '../../src/server/features/ask-kai/engine.ts';
import type { AccountAccess, AskKaiRepo, ConversationWithCount, Exchange } from '../../src/server/features/ask-kai/repo.ts';
import { createAskKaiService, questionLimitError } from '../../src/server/features/ask-kai/service.ts';

const ACCOUNT = '0d6f3a52-7c1b-4e8a-9f2d-5b4c3a2e1f00';
const CONVERSATION = '6a1e9c3d-2b7f-4d8a-8e5c-1f0a9b8c7d6e';
const RIDE = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const OTHER_RIDE = '1a2b3c4d-5e6f-4789-8abc-def012345678';
/** 21:30 UTC: two and a half hours before the limit resets. */
const NOW = new Date('2026-03-14T21:30:00Z');

describe('conversation titles', () => {
  it('keeps a short question whole, on one line', () => {
    expect(titleFromQuestion('  How is my\nfitness   trending? ')).toBe('How is my fitness trending?');
  });

  it('cuts a long question at the last word that fits in 60 characters', () => {
    const question = 'How does my best five minute power this spring compare with the same weeks of last year?';
    const title = titleFromQuestion(question);
    expect(title).toBe('How does my best five minute power this spring compare with…');
    expect(title.length).toBeLessThanOrEqual(60);
    expect(question.startsWith(title.slice(0, -1))).toBe(true);
  });

  it('cuts inside a first word longer than the room, and drops punctuation before the cut', () => {
    expect(cutAtWord('x'.repeat(80), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(cutAtWord('Ready, steady, go go go', 16)).toBe('Ready, steady…');
  });

  it('names a conversation started from an activity after it, within the title limit', () => {
    expect(titleForActivity('Morning ride')).toBe('About Morning ride');
    expect(titleForActivity('   ')).toBe('About this activity');
    expect(titleForActivity('Col '.repeat(40)).length).toBeLessThanOrEqual(80);
  });
});

const answered: AskOutcome = {
  text: 'Your fitness (CTL) is 54 today.',
  facts: [],
  sources: [],
  chart: null,
  coach: 'built-in',
  coachNote: null,
  subject: { kind: 'fitness' },
};

/** The service over one conversation of ACCOUNT, with the repository's calls recorded. */
function serviceWith(options: {
  engine?: Partial<AskEngine>;
  access?: AccountAccess;
  questionsLeft?: boolean;
  conversationActivityId?: string | null;
  /** What storing answers: the exchange kept, or undefined when the conversation is gone. */
  stored?: 'kept' | 'gone';
}) {
  const conversation: ConversationWithCount = {
    id: CONVERSATION,
    userId: ACCOUNT,
    title: 'New conversation',
    activityId: options.conversationActivityId ?? null,
    subject: { kind: 'power', durationS: 300 },
    createdAt: NOW,
    updatedAt: NOW,
    messageCount: 0,
  };
  const takeQuestion = vi.fn(async () => options.questionsLeft ?? true);
  const giveBackQuestion = vi.fn(async () => undefined);
  const storeExchange = vi.fn(async (_accountId: string, _id: string, exchange: Exchange) => {
    if (options.stored === 'gone') return undefined;
    const row = (role: 'athlete' | 'kai', text: string) => ({
      id: role === 'athlete' ? '11111111-1111-4111-8111-111111111111' : '22222222-2222-4222-8222-222222222222',
      conversationId: CONVERSATION,
      userId: ACCOUNT,
      role,
      text,
      payload: role === 'kai' ? exchange.answer.payload : {},
      activityId: exchange.question.activityId,
      createdAt: NOW,
    });
    return { question: row('athlete', exchange.question.text), answer: row('kai', exchange.answer.text) };
  });
  const repo = {
    find: async (accountId: string, id: string) => (accountId === ACCOUNT && id === CONVERSATION ? conversation : undefined),
    access: async () => options.access ?? { plan: 'Free', trialExpiryDate: null },
    takeQuestion,
    giveBackQuestion,
    storeExchange,
  } as unknown as AskKaiRepo;
  const answer = vi.fn(async (_input: AskInput) => answered);
  const engine: AskEngine = { answer, suggestions: async () => [], ...options.engine };
  const service = createAskKaiService({
    repo,
    engine,
    activityName: async (accountId, activityId) => (accountId === ACCOUNT && activityId === RIDE ? 'Morning ride' : undefined),
    now: () => NOW,
  });
  return { service, engine, answer, takeQuestion, giveBackQuestion, storeExchange };
}

describe('asking Kai', () => {
  it("hands the engine the account, the question, the conversation's subject and activity, and the server's UTC day", async () => {
    const { service, answer, storeExchange } = serviceWith({ conversationActivityId: RIDE });
    const reply = await service.ask(ACCOUNT, CONVERSATION, { text: 'How hard was it?' });
    expect(answer).toHaveBeenCalledWith({ accountId: ACCOUNT, text: 'How hard was it?', activityId: RIDE, today: '2026-03-14', subject: { kind: 'power', durationS: 300 } });
    expect(storeExchange.mock.calls[0]![2]).toMatchObject({ subject: { kind: 'fitness' }, firstQuestionTitle: 'How hard was it?', question: { activityId: RIDE } });
    expect(reply.question).toMatchObject({ role: 'athlete', text: 'How hard was it?', facts: [], sources: [] });
    expect(reply.answer).toMatchObject({ role: 'kai', text: answered.text, coach: 'built-in', coachNote: null, chart: null });
  });

  it("asks about the activity the question names over the conversation's, and on the athlete's day when sent", async () => {
    const { service, answer } = serviceWith({ conversationActivityId: null });
    await service.ask(ACCOUNT, CONVERSATION, { text: 'And this one?', activityId: RIDE, today: '2026-03-15' });
    expect(answer.mock.calls[0]![0]).toMatchObject({ activityId: RIDE, today: '2026-03-15' });
  });

  it("refuses another account's activity or conversation before a question is counted", async () => {
    const { service, takeQuestion, answer } = serviceWith({});
    await expect(service.ask(ACCOUNT, CONVERSATION, { text: 'And this?', activityId: OTHER_RIDE })).rejects.toMatchObject({ code: 'not_found', message: 'Activity not found' });
    await expect(service.ask(ACCOUNT, OTHER_RIDE, { text: 'Hello?' })).rejects.toMatchObject({ code: 'not_found', message: 'Conversation not found' });
    expect(takeQuestion).not.toHaveBeenCalled();
    expect(answer).not.toHaveBeenCalled();
  });

  it('gives the question back when the engine fails, and passes its error on', async () => {
    const failure = new Error('the facts could not be read');
    const { service, takeQuestion, giveBackQuestion, storeExchange } = serviceWith({ engine: { answer: async () => Promise.reject(failure) } });
    await expect(service.ask(ACCOUNT, CONVERSATION, { text: 'Am I ready?' })).rejects.toBe(failure);
    expect(takeQuestion).toHaveBeenCalledWith(ACCOUNT, '2026-03-14', 10);
    expect(giveBackQuestion).toHaveBeenCalledWith(ACCOUNT, '2026-03-14');
    expect(storeExchange).not.toHaveBeenCalled();
  });

  it('gives the question back when the conversation was deleted while Kai answered', async () => {
    const { service, giveBackQuestion } = serviceWith({ stored: 'gone' });
    await expect(service.ask(ACCOUNT, CONVERSATION, { text: 'Am I ready?' })).rejects.toMatchObject({ code: 'not_found' });
    expect(giveBackQuestion).toHaveBeenCalledTimes(1);
  });

  it("counts against the Pro number on a running trial, and the Free one once it has expired", async () => {
    const trial = serviceWith({ access: { plan: 'Trial14', trialExpiryDate: new Date('2026-03-20T00:00:00Z') } });
    await trial.service.ask(ACCOUNT, CONVERSATION, { text: 'Fitness?' });
    expect(trial.takeQuestion).toHaveBeenCalledWith(ACCOUNT, '2026-03-14', 200);
    const expired = serviceWith({ access: { plan: 'Trial14', trialExpiryDate: new Date('2026-03-01T00:00:00Z') } });
    await expired.service.ask(ACCOUNT, CONVERSATION, { text: 'Fitness?' });
    expect(expired.takeQuestion).toHaveBeenCalledWith(ACCOUNT, '2026-03-14', 10);
  });

  it('refuses past the limit with the plan, its number and when it resets, without asking the engine', async () => {
    const { service, answer, giveBackQuestion } = serviceWith({ questionsLeft: false });
    const refusal = service.ask(ACCOUNT, CONVERSATION, { text: 'One more?' });
    await expect(refusal).rejects.toMatchObject({
      code: 'too_many_requests',
      message: 'Daily limit reached: the Free plan gives 10 questions to Kai a day. They reset at midnight UTC, in 2 h 30 min.',
      retryAfterS: 2.5 * 3600,
    });
    expect(answer).not.toHaveBeenCalled();
    expect(giveBackQuestion).not.toHaveBeenCalled();
  });

  it('names Pro and a trial in the limit message, and never says 0 minutes just before midnight', () => {
    expect(questionLimitError({ plan: 'Pro', trialExpiryDate: null }, NOW).message).toContain('the Pro plan gives 200 questions');
    expect(questionLimitError({ plan: 'Trial30', trialExpiryDate: new Date('2026-04-01T00:00:00Z') }, NOW).message).toContain('your trial gives 200 questions');
    const lastSeconds = questionLimitError({ plan: 'Free', trialExpiryDate: null }, new Date('2026-03-14T23:59:50Z'));
    expect(lastSeconds.message).toMatch(/in 1 min\.$/);
    expect(lastSeconds.retryAfterS).toBe(10);
  });
});

describe('questions asked outside a conversation (the MCP tool)', () => {
  it('are counted against the same daily limit, refused past it, and given back when no answer came', async () => {
    const { service, engine, takeQuestion, giveBackQuestion, answer } = serviceWith({});
    const counted = service.counted(engine);
    const input = { accountId: ACCOUNT, text: 'How is my fitness?', today: '2026-03-14', subject: null };
    await expect(counted.answer(input)).resolves.toBe(answered);
    expect(takeQuestion).toHaveBeenCalledWith(ACCOUNT, '2026-03-14', 10);
    expect(answer).toHaveBeenCalledWith(input);

    const spent = serviceWith({ questionsLeft: false });
    await expect(spent.service.counted(spent.engine).answer(input)).rejects.toMatchObject({ code: 'too_many_requests' });
    expect(spent.answer).not.toHaveBeenCalled();

    const failing = serviceWith({ engine: { answer: async () => Promise.reject(new Error('no facts')) } });
    await expect(failing.service.counted(failing.engine).answer(input)).rejects.toThrow('no facts');
    expect(failing.giveBackQuestion).toHaveBeenCalledWith(ACCOUNT, '2026-03-14');
    expect(giveBackQuestion).not.toHaveBeenCalled();
  });
});
