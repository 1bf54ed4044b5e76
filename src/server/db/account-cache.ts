import type { InvalidationChannel } from './invalidation.ts';

/**
 * Answers kept in memory per account (the first page of the activity list, the fitness chart of
 * the last window asked for: one key each; the calendar's last pages: several, ADR 0097) until the
 * account's data changes on any instance (ADR 0041, ADR
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
  /**
   * How many keys of one account are kept at once (1 when omitted): beyond it the key read least
   * recently goes. More than one where a screen asks for several ranges in turn, as the calendar's
   * week view asks for its pages while the athlete scrolls (ADR 0097).
   */
  keysPerAccount?: number;
}): AccountCache<K, V> {
  const { invalidation, topic, ttlMs, maxAccounts, alsoOn = [], keysPerAccount = 1 } = options;
  /** Each account's kept answers by key, the one read least recently first. */
  const entries = new Map<string, Map<K, { value: V; until: number; refreshFrom: number }>>();
  /** Bumped by every change heard of, so a read that overlapped a change never keeps what it saw. */
  const changeCounts = new Map<string, number>();
  /** Bumped when the channel says anything may have changed. */
  let resets = 0;
  /** The loads running for an account, by key, shared by the requests that miss while they run. */
  const loading = new Map<string, Map<K, Promise<V>>>();
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

  function keep(accountId: string, key: K, value: V, startedAt: number) {
    let kept = entries.get(accountId);
    if (!kept) {
      if (entries.size >= maxAccounts) entries.clear();
      kept = new Map();
      entries.set(accountId, kept);
    }
    kept.delete(key);
    if (kept.size >= keysPerAccount) kept.delete(kept.keys().next().value as K);
    kept.set(key, { value, until: startedAt + ttlMs, refreshFrom: startedAt + ttlMs * (0.5 + 0.4 * Math.random()) });
  }

  async function loadAndKeep(accountId: string, key: K, load: () => Promise<V>): Promise<V> {
    const startedAt = Date.now();
    const changesBefore = changeCounts.get(accountId) ?? 0;
    const resetsBefore = resets;
    const value = await load();
    const unchanged = (changeCounts.get(accountId) ?? 0) === changesBefore && resets === resetsBefore;
    if (invalidation.live() && unchanged) keep(accountId, key, value, startedAt);
    return value;
  }

  /** Runs a load that requests of the same key join until a change is heard (which removes it from `loading`). */
  function startLoad(accountId: string, key: K, load: () => Promise<V>): Promise<V> {
    const value = loadAndKeep(accountId, key, load);
    const running = loading.get(accountId) ?? new Map<K, Promise<V>>();
    loading.set(accountId, running.set(key, value));
    const done = () => {
      if (running.get(key) !== value) return;
      running.delete(key);
      if (running.size === 0 && loading.get(accountId) === running) loading.delete(accountId);
    };
    value.then(done, done);
    return value;
  }

  return {
    async read(accountId, key, load) {
      if (!invalidation.live()) return load();
      const accountKept = entries.get(accountId);
      const kept = accountKept?.get(key);
      const now = Date.now();
      const running = loading.get(accountId)?.get(key);
      if (kept && kept.until > now) {
        // Read most recently now: the last key an account's bound lets go (one key has no order to keep).
        if (keysPerAccount > 1) {
          accountKept!.delete(key);
          accountKept!.set(key, kept);
        }
        // Late in its lifetime: loaded again behind it, so no request waits when it ends. A failed
        // load keeps nothing and tells no one; the entry then ends as it would have.
        if (now >= kept.refreshFrom && !running) startLoad(accountId, key, load).catch(() => undefined);
        return kept.value;
      }
      if (running) return running;
      return startLoad(accountId, key, load);
    },
    changed: (accountId) => invalidation.publish(topic, accountId),
  };
}
