import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEventBus, defineEvent } from '../../src/server/events/bus.ts';
import type { JobDefinition, SendOptions } from '../../src/server/jobs/queue.ts';

const activityPayload = z.object({ accountId: z.uuid(), activityId: z.uuid() });
const accountPayload = z.object({ accountId: z.uuid() });
const stored = defineEvent('test.stored', activityPayload);
const ACCOUNT = '6f1c8a2e-8f52-4a53-9b8e-0a8f3c1d2e4f';
const ACTIVITY = '0b7e2d4c-1a3f-4e5b-8c9d-7f6e5d4c3b2a';

const job = <S extends z.ZodType>(name: string, payload: S): JobDefinition<S> => ({ name, payload, handler: async () => undefined });

/** The queue's `send` as the bus sees it: what would be queued, in order, parsed like the real queue does. */
function recordingQueue() {
  const sent: { name: string; data: unknown; options: SendOptions }[] = [];
  return {
    sent,
    async send<S extends z.ZodType>(definition: JobDefinition<S>, data: z.input<S>, options: SendOptions = {}) {
      sent.push({ name: definition.name, data: definition.payload.parse(data), options });
      return 'id';
    },
  };
}

describe('the event bus', () => {
  it("queues every subscriber's job, in the order they subscribed, each under its own singleton key", async () => {
    const queue = recordingQueue();
    const events = createEventBus(queue);
    events.subscribe(stored, { job: job('a.activity', activityPayload), singletonKey: ({ activityId }) => activityId });
    events.subscribe(stored, { job: job('b.account', accountPayload), singletonKey: ({ accountId }) => accountId });

    await events.publish(stored, { accountId: ACCOUNT, activityId: ACTIVITY });

    expect(queue.sent).toEqual([
      { name: 'a.activity', data: { accountId: ACCOUNT, activityId: ACTIVITY }, options: { singletonKey: ACTIVITY } },
      // A job that reads part of the event gets that part only.
      { name: 'b.account', data: { accountId: ACCOUNT }, options: { singletonKey: ACCOUNT } },
    ]);
  });

  it('skips a subscriber whose condition says no, and asks it with the payload', async () => {
    const queue = recordingQueue();
    const events = createEventBus(queue);
    const asked: unknown[] = [];
    events.subscribe(stored, {
      job: job('a.activity', activityPayload),
      when: async (payload) => {
        asked.push(payload);
        return false;
      },
    });
    events.subscribe(stored, { job: job('b.account', accountPayload), when: async () => true });

    await events.publish(stored, { accountId: ACCOUNT, activityId: ACTIVITY });

    expect(asked).toEqual([{ accountId: ACCOUNT, activityId: ACTIVITY }]);
    expect(queue.sent.map((entry) => entry.name)).toEqual(['b.account']);
  });

  it('refuses a payload that is not the event’s, queuing nothing', async () => {
    const queue = recordingQueue();
    const events = createEventBus(queue);
    events.subscribe(stored, { job: job('a.activity', activityPayload) });

    await expect(events.publish(stored, { accountId: 'not-a-uuid', activityId: ACTIVITY })).rejects.toThrow();
    expect(queue.sent).toEqual([]);
  });

  it('publishes to nobody when nobody subscribed, and keeps events apart by name', async () => {
    const queue = recordingQueue();
    const events = createEventBus(queue);
    events.subscribe(defineEvent('test.other', activityPayload), { job: job('a.activity', activityPayload) });

    await events.publish(stored, { accountId: ACCOUNT, activityId: ACTIVITY });

    expect(queue.sent).toEqual([]);
  });
});
