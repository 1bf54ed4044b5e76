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
  const entries = new Map<string, { key: K; value: V; until: number }>();
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
      entries.set(accountId, { key, value, until: startedAt + ttlMs });
    }
    return value;
  }

  return {
    async read(accountId, key, load) {
      if (!invalidation.live()) return load();
      const kept = entries.get(accountId);
      if (kept && kept.key === key && kept.until > Date.now()) return kept.value;
      const running = loading.get(accountId);
      if (running && running.key === key) return running.value;
      // A change heard while it runs removes it from `loading` (later requests start their own).
      const value = loadAndKeep(accountId, key, load);
      const own = { key, value };
      loading.set(accountId, own);
      const done = () => {
        if (loading.get(accountId) === own) loading.delete(accountId);
      };
      value.then(done, done);
      return value;
    },
    changed: (accountId) => invalidation.publish(topic, accountId),
  };
}
