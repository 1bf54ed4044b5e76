import { describe, expect, it } from 'vitest';
import type { EventBus } from '../../src/server/events/bus.ts';
import type { InvalidationChannel } from '../../src/server/db/invalidation.ts';
import { createActivitiesService } from '../../src/server/features/activities/service.ts';
import type { ActivitiesRepo, ActivityRow } from '../../src/server/features/activities/repo.ts';
import type { ActivityMetricsView } from '../../src/shared/api/activities.ts';
import { activityRow, metricsView } from '../factories.ts';

const ACCOUNT = '2b9d4f6a-8c1e-4a3b-9d5f-7e6a8b9c0d1e';

/** The service over rows in memory, its scores and its published events recorded. */
function serviceWith(rows: ActivityRow[], scores: Record<string, ActivityMetricsView> = {}) {
  const published: { event: string; payload: unknown }[] = [];
  const listCalls: unknown[] = [];
  const store = new Map(rows.map((row) => [row.id, row]));
  const repo = {
    find: async (accountId: string, id: string) => [...store.values()].find((row) => row.userId === accountId && row.id === id),
    streamKeys: async () => ['powerW'],
    list: async (accountId: string, options: unknown) => {
      listCalls.push(options);
      return [...store.values()].filter((row) => row.userId === accountId);
    },
    remove: async (_accountId: string, id: string) => {
      store.delete(id);
    },
    removeBySources: async () => 0,
  } as unknown as ActivitiesRepo;
  const events: EventBus = {
    subscribe: () => undefined,
    publish: async (event, payload) => {
      published.push({ event: event.name, payload });
    },
  };
  // One instance: a change is heard at once by the publisher itself, as the real channel does.
  const listeners = new Map<string, ((key: string | null) => void)[]>();
  const invalidation: InvalidationChannel = {
    publish: async (topic, key) => {
      for (const onChange of listeners.get(topic) ?? []) onChange(key);
    },
    subscribe: (topic, onChange) => {
      listeners.set(topic, [...(listeners.get(topic) ?? []), onChange]);
    },
    live: () => true,
    close: async () => undefined,
  };
  const service = createActivitiesService({ repo, scores: { view: async (_accountId, id) => scores[id] ?? null }, events, invalidation });
  return { service, published, listCalls };
}

describe('the activities service', () => {
  it('shows the metrics’ figures from the cleaned streams over the source’s summary, and the summary where they have none (ADR 0019)', async () => {
    const row = activityRow({ userId: ACCOUNT });
    const { service } = serviceWith([row], { [row.id]: metricsView({ averageHeartrateBpm: 150, maxHeartrateBpm: 179, averagePowerW: 270, normalizedPowerW: 295 }) });

    const detail = await service.detail(ACCOUNT, row.id);

    expect(detail).toMatchObject({ averageHeartrate: 150, maxHeartrate: 179, averageWatts: 270, weightedAverageWatts: 295 });
    // Not computed from the streams: the recorded summary stays.
    expect(detail.maxWatts).toBe(619);
    expect(detail.kilojoules).toBe(1_298);
  });

  it('never puts computed power over a ride whose power the source estimated (no meter)', async () => {
    const row = activityRow({ userId: ACCOUNT, deviceWatts: false, averageWatts: 180 });
    const { service } = serviceWith([row], { [row.id]: metricsView({ averagePowerW: 270 }) });

    expect((await service.detail(ACCOUNT, row.id)).averageWatts).toBe(180);
  });

  it('answers 404 for another account’s activity, with its metrics unread', async () => {
    const row = activityRow({ userId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b' });
    const { service } = serviceWith([row]);

    await expect(service.detail(ACCOUNT, row.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('announces what it stores and removes as events, for scoring to hear', async () => {
    const row = activityRow({ userId: ACCOUNT });
    const { service, published } = serviceWith([row]);

    await service.ingested(ACCOUNT, row.id);
    await service.historyImported(ACCOUNT);
    await service.remove(ACCOUNT, row.id);
    // Nothing removed: no event.
    await service.removeBySources(ACCOUNT, ['file']);

    expect(published).toEqual([
      { event: 'activity.stored', payload: { accountId: ACCOUNT, activityId: row.id } },
      { event: 'activity.history-imported', payload: { accountId: ACCOUNT } },
      { event: 'activity.removed', payload: { accountId: ACCOUNT } },
    ]);
  });

  it('serves the first page again from memory until a write to the account', async () => {
    const row = activityRow({ userId: ACCOUNT });
    const { service, listCalls } = serviceWith([row]);

    const first = await service.list(ACCOUNT, { limit: 20 });
    expect(await service.list(ACCOUNT, { limit: 20 })).toEqual(first);
    expect(listCalls).toHaveLength(1);

    await service.remove(ACCOUNT, row.id);
    expect(await service.list(ACCOUNT, { limit: 20 })).toEqual([]);
    expect(listCalls).toHaveLength(2);
  });
});
