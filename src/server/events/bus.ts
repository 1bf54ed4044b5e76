import type { z } from 'zod';
import type { JobDefinition, JobQueue } from '../jobs/queue.ts';

/**
 * A domain event: a name and a zod payload, defined (and exported through its index.ts) by the
 * feature that publishes it. Features learn of each other's changes through these, not by calling
 * each other back, so no feature needs a function another fills in later.
 */
export interface DomainEvent<S extends z.ZodType> {
  name: string;
  payload: S;
}

export function defineEvent<S extends z.ZodType>(name: string, payload: S): DomainEvent<S> {
  return { name, payload };
}

/**
 * How one subscriber hears of an event: its own job (whose payload takes the event's, or the part
 * of it the job reads), with the singleton key that job is queued under.
 */
export interface Subscription<S extends z.ZodType, J extends z.ZodType = S> {
  job: JobDefinition<J> & (z.output<S> extends z.input<J> ? unknown : never);
  /** At most one queued job per key (see JobDefinition.policy). */
  singletonKey?: (payload: z.output<S>) => string;
  /** Asked at publishing; the job is queued only when it says so (e.g. analysis skips a duplicate recording). */
  when?: (payload: z.output<S>) => Promise<boolean>;
}

export interface EventBus {
  /** Every subscriber is a job on the queue: delivery survives a restart and reaches any instance. */
  subscribe<S extends z.ZodType, J extends z.ZodType>(event: DomainEvent<S>, subscription: Subscription<S, J>): void;
  publish<S extends z.ZodType>(event: DomainEvent<S>, payload: z.input<S>): Promise<void>;
}

/**
 * Events over the job queue: publishing queues each subscriber's job, in the order they subscribed.
 * Subscriptions are made while the server is composed, the same in every process, so whichever
 * instance publishes queues the same jobs.
 */
export function createEventBus(queue: Pick<JobQueue, 'send'>): EventBus {
  const subscriptions = new Map<string, Subscription<z.ZodType, z.ZodType>[]>();
  return {
    subscribe(event, subscription) {
      const list = subscriptions.get(event.name) ?? [];
      list.push(subscription as unknown as Subscription<z.ZodType, z.ZodType>);
      subscriptions.set(event.name, list);
    },
    async publish(event, payload) {
      const data = event.payload.parse(payload);
      for (const { job, singletonKey, when } of subscriptions.get(event.name) ?? []) {
        if (when && !(await when(data))) continue;
        await queue.send(job, data, singletonKey ? { singletonKey: singletonKey(data) } : {});
      }
    },
  };
}
