import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccountCache } from '../../src/server/db/account-cache.ts';
import type { InvalidationChannel } from '../../src/server/db/invalidation.ts';

/** The channel as one process has it (PGlite's): changes reach the subscribers at once; `live` is switchable. */
function channel() {
  const subscribers = new Map<string, ((key: string | null) => void)[]>();
  const state = { live: true };
  const deliver = (topic: string, key: string | null) => {
    for (const onChange of subscribers.get(topic) ?? []) onChange(key);
  };
  const invalidation: InvalidationChannel = {
    async publish(topic, key) {
      deliver(topic, key);
    },
    subscribe(topic, onChange) {
      subscribers.set(topic, [...(subscribers.get(topic) ?? []), onChange]);
    },
    live: () => state.live,
    async close() {},
  };
  return { invalidation, state, deliver };
}

describe('account cache', () => {
  const options = { topic: 'things', ttlMs: 60_000, maxAccounts: 10 };

  it('keeps an answer per account and key until the account changes', async () => {
    const { invalidation } = channel();
    const cache = createAccountCache<string, number>({ invalidation, ...options });
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.read('a', 'k', load)).toBe(1);
    expect(await cache.read('a', 'k', load)).toBe(1);
    // Another key of the account replaces the kept one; another account has its own.
    expect(await cache.read('a', 'other', load)).toBe(2);
    expect(await cache.read('b', 'k', load)).toBe(3);
    expect(await cache.read('b', 'k', load)).toBe(3);
    await cache.changed('b');
    expect(await cache.read('b', 'k', load)).toBe(4);
    expect(await cache.read('a', 'other', load)).toBe(2);
  });

  it('keeps as many keys of an account as it is told, letting go of the one read least recently, and drops them all on a change', async () => {
    const { invalidation } = channel();
    const cache = createAccountCache<string, string>({ invalidation, ...options, keysPerAccount: 3 });
    const loads: string[] = [];
    const load = (key: string) => async () => {
      loads.push(key);
      return `${key}#${loads.length}`;
    };
    for (const key of ['p1', 'p2', 'p3']) await cache.read('a', key, load(key));
    // All three are kept; reading p1 again makes p2 the least recently read.
    expect(await cache.read('a', 'p1', load('p1'))).toBe('p1#1');
    expect(await cache.read('a', 'p3', load('p3'))).toBe('p3#3');
    expect(await cache.read('a', 'p4', load('p4'))).toBe('p4#4');
    expect(await cache.read('a', 'p1', load('p1'))).toBe('p1#1');
    expect(await cache.read('a', 'p3', load('p3'))).toBe('p3#3');
    expect(await cache.read('a', 'p2', load('p2'))).toBe('p2#5');
    // Another account's keys count on their own.
    expect(await cache.read('b', 'p1', load('p1'))).toBe('p1#6');
    expect(await cache.read('a', 'p2', load('p2'))).toBe('p2#5');
    await cache.changed('a');
    expect(await cache.read('a', 'p2', load('p2'))).toBe('p2#7');
    expect(await cache.read('a', 'p3', load('p3'))).toBe('p3#8');
    expect(await cache.read('b', 'p1', load('p1'))).toBe('p1#6');
  });

  it("drops an account's answer on a change heard on another writer's topic too, and announces only on its own", async () => {
    const { invalidation, deliver } = channel();
    const cache = createAccountCache<string, number>({ invalidation, ...options, alsoOn: ['activities', 'fitness'] });
    const heard: string[] = [];
    invalidation.subscribe('activities', () => heard.push('activities'));
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.read('a', 'k', load)).toBe(1);
    expect(await cache.read('b', 'k', load)).toBe(2);
    deliver('activities', 'a');
    expect(await cache.read('a', 'k', load)).toBe(3);
    deliver('fitness', 'a');
    expect(await cache.read('a', 'k', load)).toBe(4);
    deliver('unrelated', 'a');
    expect(await cache.read('a', 'k', load)).toBe(4);
    expect(await cache.read('b', 'k', load)).toBe(2);
    await cache.changed('b');
    expect(await cache.read('b', 'k', load)).toBe(5);
    expect(heard).toEqual(['activities']);
  });

  it('does not keep what a read saw while a change overlapped it, nor while the channel is down', async () => {
    const { invalidation, state, deliver } = channel();
    const cache = createAccountCache<string, number>({ invalidation, ...options });
    let reads = 0;
    // The change lands while the first read is in the database.
    expect(await cache.read('a', 'k', async () => { reads += 1; await cache.changed('a'); return reads; })).toBe(1);
    expect(await cache.read('a', 'k', async () => ++reads)).toBe(2);
    expect(await cache.read('a', 'k', async () => ++reads)).toBe(2);

    state.live = false;
    deliver('things', null);
    expect(await cache.read('a', 'k', async () => ++reads)).toBe(3);
    expect(await cache.read('a', 'k', async () => ++reads)).toBe(4);
    state.live = true;
    expect(await cache.read('a', 'k', async () => ++reads)).toBe(5);
    expect(await cache.read('a', 'k', async () => ++reads)).toBe(5);
  });

  it('forgets an answer after its lifetime', async () => {
    const { invalidation } = channel();
    const cache = createAccountCache<string, number>({ invalidation, ...options, ttlMs: 0 });
    let reads = 0;
    expect(await cache.read('a', 'k', async () => ++reads)).toBe(1);
    expect(await cache.read('a', 'k', async () => ++reads)).toBe(2);
  });
  it('lets requests that miss together share one load, unless a change was heard since it started', async () => {
    const { invalidation } = channel();
    const cache = createAccountCache<string, number>({ invalidation, ...options });
    let reads = 0;
    const pending: (() => void)[] = [];
    const load = () => new Promise<number>((resolve) => { const read = ++reads; pending.push(() => resolve(read)); });
    const together = [cache.read('a', 'k', load), cache.read('a', 'k', load), cache.read('a', 'k', load)];
    // Another key of the account, and another account, are loads of their own.
    const otherKey = cache.read('a', 'other', load);
    const otherAccount = cache.read('b', 'k', load);
    expect(reads).toBe(3);
    // Once a change is heard, a request no longer joins the load that started before it.
    await cache.changed('a');
    const afterChange = cache.read('a', 'other', load);
    expect(reads).toBe(4);
    for (const release of pending) release();
    expect(await Promise.all(together)).toEqual([1, 1, 1]);
    expect([await otherKey, await otherAccount, await afterChange]).toEqual([2, 3, 4]);
    // What the load that overlapped the change saw is not kept; the one after it is.
    expect(await cache.read('a', 'other', async () => ++reads)).toBe(4);
  });

  describe('late in an answer’s lifetime', () => {
    const random = vi.spyOn(Math, 'random');
    afterEach(() => {
      vi.useRealTimers();
      random.mockReset();
    });

    it('serves it while loading it again behind it, so no request waits when the lifetime ends; a failed reload keeps nothing', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.parse('2026-03-01T00:00:00Z');
      vi.setSystemTime(start);
      // The reload point is drawn between half and nine tenths of the lifetime: here the latest.
      random.mockReturnValue(1);
      const { invalidation } = channel();
      const cache = createAccountCache<string, number>({ invalidation, ...options, ttlMs: 1_000 });
      let reads = 0;
      let fail = false;
      const load = async () => {
        reads += 1;
        if (fail) throw new Error('database down');
        return reads;
      };
      expect(await cache.read('a', 'k', load)).toBe(1);
      vi.setSystemTime(start + 899);
      expect(await cache.read('a', 'k', load)).toBe(1);
      expect(reads).toBe(1);
      // From nine tenths on: the kept answer, and a load behind it.
      vi.setSystemTime(start + 900);
      expect(await cache.read('a', 'k', load)).toBe(1);
      expect(reads).toBe(2);
      // Past the first answer's lifetime, the reloaded one answers at once.
      vi.setSystemTime(start + 1_100);
      expect(await cache.read('a', 'k', load)).toBe(2);
      expect(reads).toBe(2);

      // A reload that fails keeps nothing: the kept answer still serves, and the next late read tries again.
      fail = true;
      vi.setSystemTime(start + 900 + 950);
      expect(await cache.read('a', 'k', load)).toBe(2);
      expect(reads).toBe(3);
      await new Promise((resolve) => setImmediate(resolve));
      fail = false;
      vi.setSystemTime(start + 900 + 990);
      expect(await cache.read('a', 'k', load)).toBe(2);
      expect(reads).toBe(4);
      vi.setSystemTime(start + 900 + 1_000);
      expect(await cache.read('a', 'k', load)).toBe(4);
    });

    it('keeps nothing a change overlapped, reloaded or not', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.parse('2026-03-01T00:00:00Z');
      vi.setSystemTime(start);
      random.mockReturnValue(0);
      const { invalidation } = channel();
      const cache = createAccountCache<string, number>({ invalidation, ...options, ttlMs: 1_000 });
      let reads = 0;
      let release = () => {};
      const slow = () => new Promise<number>((resolve) => { const read = ++reads; release = () => resolve(read); });
      const first = cache.read('a', 'k', slow);
      release();
      expect(await first).toBe(1);
      // Half way: a reload starts behind the kept answer; a change lands while it runs.
      vi.setSystemTime(start + 500);
      expect(await cache.read('a', 'k', slow)).toBe(1);
      expect(reads).toBe(2);
      await cache.changed('a');
      release();
      await Promise.resolve();
      // Neither the dropped answer nor the overlapped reload is served: a new load.
      const after = cache.read('a', 'k', slow);
      expect(reads).toBe(3);
      release();
      expect(await after).toBe(3);
    });
  });

  it('hands a failed load to every request that shared it and keeps nothing', async () => {
    const { invalidation } = channel();
    const cache = createAccountCache<string, number>({ invalidation, ...options });
    let reads = 0;
    const failing = async () => { reads += 1; await Promise.resolve(); throw new Error('database down'); };
    const both = [cache.read('a', 'k', failing), cache.read('a', 'k', failing)];
    await expect(both[0]).rejects.toThrow('database down');
    await expect(both[1]).rejects.toThrow('database down');
    expect(reads).toBe(1);
    expect(await cache.read('a', 'k', async () => ++reads)).toBe(2);
  });
});
