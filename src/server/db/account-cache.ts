import type { InvalidationChannel } from './invalidation.ts';

/**
 * One answer per account kept in memory (the first page of the activity list, the fitness chart of
 * the last window asked for) until the account's data changes on any instance (ADR 0041, ADR
 * 0052). Writers call `changed(accountId)` after their write commits: every instance drops the
 * account's entry through the invalidation channel. A read that overlapped a change, or ran while
 * the channel was down, is answered but not kept, so what is served from memory is always what the
 * database held after the last change heard of. `ttlMs` bounds how long a change made outside the
 * servers (a script writing the tables) can go unseen. Requests that miss together (many at once
 * when an entry's lifetime ends under load) share one load: a request joins a load of the same key
 * only if no change was heard since it started, so it gets nothing older than a kept answer.
 *
 * An entry read in the second part of its lifetime (from a random point between half and nine
 * tenths of it) is loaded again in the background while the kept answer, still within its
 * lifetime, is served: entries kept in one wave (many accounts read at once) would otherwise all
 * end together, and every request of those accounts would wait for a load at the same moment
 * (a year of the calendar: p99 0.7–1.7 s at 100 connections, all of it that wait).
 */
export interface AccountCache<K, V> {
  /** The kept answer for `key`, or `load()`'s, kept when nothing changed while it ran. */
  read(accountId: string, key: K, load: () => Promise<V>): Promise<V>;
  /** Tells every instance that the account's answers changed; resolves once published. */
  changed(accountId: string): Promise<void>;
}

export function createAccountCache<K extends string | number, V>(options: {
  invalidation: InvalidationChannel;
  /** The channel topic; every instance's cache of the same kind listens to it, and `changed` announces on it. */
  topic: string;
  /** Other writers' topics whose changes drop the account's entry too (an answer read from their tables). */
  alsoOn?: readonly string[];
  ttlMs: number;
  /** Beyond this many accounts the cache starts over (a bound on memory, not an eviction policy). */
  maxAccounts: number;
}): AccountCache<K, V> {
  const { invalidation, topic, ttlMs, maxAccounts, alsoOn = [] } = options;
  const entries = new Map<string, { key: K; value: V; until: number; refreshFrom: number }>();
  /** Bumped by every change heard of, so a read that overlapped a change never keeps what it saw. */
  const changeCounts = new Map<string, number>();
  /** Bumped when the channel says anything may have changed. */
  let resets = 0;
  /** The load running for an account, shared by the requests that miss while it runs. */
  const loading = new Map<string, { key: K; value: Promise<V> }>();
  const onChange = (accountId: string | null) => {
    if (accountId === null) {
      resets += 1;
      entries.clear();
      changeCounts.clear();
      loading.clear();
      return;
    }
    changeCounts.set(accountId, (changeCounts.get(accountId) ?? 0) + 1);
    entries.delete(accountId);
    loading.delete(accountId);
  };
  for (const heard of new Set([topic, ...alsoOn])) invalidation.subscribe(heard, onChange);

  async function loadAndKeep(accountId: string, key: K, load: () => Promise<V>): Promise<V> {
    const startedAt = Date.now();
    const changesBefore = changeCounts.get(accountId) ?? 0;
    const resetsBefore = resets;
    const value = await load();
    const unchanged = (changeCounts.get(accountId) ?? 0) === changesBefore && resets === resetsBefore;
    if (invalidation.live() && unchanged) {
      if (entries.size >= maxAccounts && !entries.has(accountId)) entries.clear();
      const refreshFrom = startedAt + ttlMs * (0.5 + 0.4 * Math.random());
      entries.set(accountId, { key, value, until: startedAt + ttlMs, refreshFrom });
    }
    return value;
  }

  /** Runs a load that requests of the same key join until a change is heard (which removes it from `loading`). */
  function startLoad(accountId: string, key: K, load: () => Promise<V>): Promise<V> {
    const value = loadAndKeep(accountId, key, load);
    const own = { key, value };
    loading.set(accountId, own);
    const done = () => {
      if (loading.get(accountId) === own) loading.delete(accountId);
    };
    value.then(done, done);
    return value;
  }

  return {
    async read(accountId, key, load) {
      if (!invalidation.live()) return load();
      const kept = entries.get(accountId);
      const now = Date.now();
      const running = loading.get(accountId);
      if (kept && kept.key === key && kept.until > now) {
        // Late in its lifetime: loaded again behind it, so no request waits when it ends. A failed
        // load keeps nothing and tells no one; the entry then ends as it would have.
        if (now >= kept.refreshFrom && !running) startLoad(accountId, key, load).catch(() => undefined);
        return kept.value;
      }
      if (running && running.key === key) return running.value;
      return startLoad(accountId, key, load);
    },
    changed: (accountId) => invalidation.publish(topic, accountId),
  };
}
