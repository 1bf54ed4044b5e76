import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from './client.ts';

/**
 * Tells every instance that something a cache holds has changed (ADR 0041): a sign-out, an
 * account's sessions ended, an account's activities written. On PostgreSQL it is LISTEN/NOTIFY on
 * one channel, so the other instances drop their copy within milliseconds; on PGlite (one process)
 * it stays in the process.
 *
 * A cache may answer from memory only while `live()`: when the listening connection is lost, a
 * change made elsewhere could go unheard, so every subscriber is told to forget everything and
 * caches read the database until the connection is back (and forget everything once more then).
 */
export interface InvalidationChannel {
  /** Tells every instance, this one included (at once, before it returns), that `key` of `topic` changed. */
  publish(topic: string, key: string): Promise<void>;
  /** `onChange(key)` for each change of the topic; `onChange(null)`: anything may have changed. */
  subscribe(topic: string, onChange: (key: string | null) => void): void;
  live(): boolean;
  close(): Promise<void>;
}

const CHANNEL = 'kairo_invalidate';
const RECONNECT_MS = 1_000;

/**
 * Resolves once the channel listens (PostgreSQL): an instance that cannot listen does not start.
 * `log` is read only when the connection is lost later (the server's logger exists by then).
 */
export async function createInvalidationChannel(database: DatabaseHandle, log: () => FastifyBaseLogger): Promise<InvalidationChannel> {
  const subscribers = new Map<string, ((key: string | null) => void)[]>();
  const deliver = (topic: string, key: string | null) => {
    for (const onChange of subscribers.get(topic) ?? []) onChange(key);
  };
  const forgetEverything = () => {
    for (const topic of subscribers.keys()) deliver(topic, null);
  };
  const subscribe = (topic: string, onChange: (key: string | null) => void) => {
    subscribers.set(topic, [...(subscribers.get(topic) ?? []), onChange]);
  };

  if (database.driver.kind === 'pglite') {
    return {
      async publish(topic, key) {
        deliver(topic, key);
      },
      subscribe,
      live: () => true,
      async close() {},
    };
  }

  const url = database.driver.url;
  let listener: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  /** Ends a client whose late errors must not reach the process as unhandled 'error' events. */
  const discard = async (client: pg.Client) => {
    client.removeAllListeners();
    client.on('error', () => undefined);
    await client.end().catch(() => undefined);
  };

  const lost = (error: unknown) => {
    if (closed || !listener) return;
    log().warn({ err: error }, 'cache invalidation channel lost; caches read the database until it is back');
    void discard(listener);
    listener = null;
    live = false;
    forgetEverything();
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  };

  async function connect(options: { first: boolean } = { first: false }): Promise<void> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    try {
      client.on('notification', (message) => {
        if (message.channel !== CHANNEL || !message.payload) return;
        const split = message.payload.indexOf('\n');
        if (split > 0) deliver(message.payload.slice(0, split), message.payload.slice(split + 1));
      });
      client.on('error', (error) => lost(error));
      client.on('end', () => lost(new Error('connection ended')));
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      if (closed) {
        await discard(client);
        return;
      }
      listener = client;
      // Changes made while nobody listened are unknown: start from nothing.
      forgetEverything();
      live = true;
    } catch (error) {
      await discard(client);
      if (options.first) throw error;
      if (closed) return;
      log().warn({ err: error }, 'cache invalidation channel could not connect; retrying');
      retry = setTimeout(() => void connect(), RECONNECT_MS);
      retry.unref();
    }
  }

  await connect({ first: true });

  return {
    async publish(topic, key) {
      deliver(topic, key);
      await database.query('select pg_notify($1, $2)', [CHANNEL, `${topic}\n${key}`]);
    },
    subscribe,
    live: () => live,
    async close() {
      closed = true;
      live = false;
      clearTimeout(retry);
      const client = listener;
      listener = null;
      if (client) await discard(client);
    },
  };
}
