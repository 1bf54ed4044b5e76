import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite, type Job, type JobResult } from 'pg-boss';
import type { z } from 'zod';
import type { DatabaseOutage } from '../http/database-outage.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { serializeError } from '../http/logging.ts';

/**
 * Durable jobs on pg-boss, in the same PostgreSQL (or PGlite) as the data: they survive restarts,
 * retry with backoff, and a job whose process died mid-run is retried once its heartbeat stops.
 * A job is a name, a zod payload and a handler (see the features' jobs.ts files). Sending a job
 * wakes the workers of its queue on every instance through LISTEN/NOTIFY (ADR 0086); polling every
 * half second remains underneath.
 */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  handler(data: z.output<S>, job: { id: string; retryCount: number }): Promise<void>;
  /** At most one queued and one running job per singletonKey (pg-boss 'stately' policy). */
  policy?: 'standard' | 'stately';
  retryLimit?: number;
  retryDelayS?: number;
  /** The longest one run may take; a run still going then is failed and retried. */
  expireInS?: number;
  /** Jobs run at once on each instance, taken from one fetched batch (see `workers` for long jobs). */
  concurrency?: number;
  /**
   * Instead of `concurrency`: workers of their own on each instance, each fetching and running one
   * job at a time. For jobs that can run for seconds (a backfill page), where a batch would hold a
   * job fetched after a long one until that one ends: a second athlete's backfill waited 5 s for
   * the first's page.
   */
  workers?: number;
}

/** Where a job is sent: its name and payload. A sender needs no more, so it need not hold the handler. */
export type JobAddress<S extends z.ZodType> = Pick<JobDefinition<S>, 'name' | 'payload'>;

export interface SendOptions {
  singletonKey?: string;
  startAfter?: Date;
}

export interface QueueStats {
  name: string;
  /** Ready to run now (created or waiting to be retried, start time reached). */
  ready: number;
  /** Waiting for a later start (a retry's backoff, a deferred job). */
  deferred: number;
  active: number;
  /** How long the oldest ready job has waited; 0 when none is waiting. */
  oldestReadyAgeS: number;
}

export interface JobQueue {
  define<S extends z.ZodType>(definition: JobDefinition<S>): void;
  send<S extends z.ZodType>(job: JobAddress<S>, data: z.input<S>, options?: SendOptions): Promise<string | null>;
  schedule(definition: JobDefinition<z.ZodType>, cron: string): Promise<void>;
  /** Creates the job tables and queues: from then on jobs can be sent. Call before serving requests. */
  start(): Promise<void>;
  /** Starts running the handlers (after start(): a server runs jobs once it knows its own address). */
  work(): Promise<void>;
  /** Stops fetching jobs (a shutdown begins); running handlers go on, and jobs can still be sent. */
  pause(): Promise<void>;
  /**
   * Stops fetching jobs at once; running handlers get `graceMs` (default 5 s) to finish, then the
   * jobs still running are handed back (failed into a retry another instance picks up).
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Jobs waiting and running per queue, across every instance on this database (operator metrics). */
  stats(): Promise<QueueStats[]>;
  /** Resolves when no job of these queues is queued or running (tests, benches). */
  drained(names: string[], timeoutMs?: number): Promise<void>;
}

/**
 * A running job's worker refreshes its heartbeat every HEARTBEAT_S / 2; a job whose heartbeat is
 * older than HEARTBEAT_S (10 s is pg-boss's minimum) belongs to a process that died (a crash, a
 * kill, a lost container) and is failed into a retry. Without heartbeats such a job would stay
 * "active" until its expireInS ran out: five minutes for every activity fetch in hand at a crash.
 */
const HEARTBEAT_S = 10;
/**
 * How often pg-boss looks for lost heartbeats (and expired runs), unless configured
 * (JOB_SUPERVISE_SECONDS): the default of 60 s would triple the wait.
 */
const SUPERVISE_INTERVAL_S = HEARTBEAT_S;
/** The first retry's wait of a job that names none (JOB_RETRY_DELAY_SECONDS); pg-boss doubles it for each further retry. */
const RETRY_DELAY_S = 10;
/**
 * How often an instance offers to run the cron pass (one instance wins each pass, so a schedule
 * runs once per cluster): a scheduled job starts within this many seconds of its minute.
 */
const CRON_MONITOR_INTERVAL_S = 10;

export function createJobQueue(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  options: {
    pollingIntervalS?: number;
    outage?: DatabaseOutage;
    retryDelayS?: number;
    superviseIntervalS?: number;
    /** Called after each job a handler completed, with its payload (ADR 0090: an account's writes are announced). */
    completed?: (payload: unknown) => Promise<void>;
  } = {},
): JobQueue {
  const superviseIntervalS = options.superviseIntervalS ?? SUPERVISE_INTERVAL_S;
  const supervision = {
    superviseIntervalSeconds: superviseIntervalS,
    monitorIntervalSeconds: superviseIntervalS,
    cronMonitorIntervalSeconds: CRON_MONITOR_INTERVAL_S,
  };
  const boss =
    database.driver.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.driver.client), backend: 'pglite', schema: 'pgboss', useListenNotify: true, ...supervision })
      : new PgBoss({ connectionString: database.driver.url, max: 4, schema: 'pgboss', useListenNotify: true, ...supervision });
  // Every poll meets a database outage: it is logged once, by the outage tracker, not per poll.
  boss.on('error', (error) => {
    if (!options.outage?.report(error)) log.error({ err: error }, 'job queue error');
  });

  const definitions = new Map<string, JobDefinition<z.ZodType>>();
  let started = false;
  let working = false;
  const pollingIntervalSeconds = options.pollingIntervalS ?? 0.5;

  async function install(definition: JobDefinition<z.ZodType>) {
    const settings = {
      retryLimit: definition.retryLimit ?? 5,
      retryDelay: definition.retryDelayS ?? options.retryDelayS ?? RETRY_DELAY_S,
      retryBackoff: true,
      expireInSeconds: definition.expireInS ?? 300,
      heartbeatSeconds: HEARTBEAT_S,
      // A job sent wakes the queue's workers on every instance at once (ADR 0086): the hops of an
      // upload's chain (fetch, scoring, fitness, analysis) do not each wait out a poll.
      notify: true,
    };
    // createQueue leaves an existing queue as it is, so the settings are applied again: a changed
    // definition then also reaches databases whose queues an earlier version created.
    await boss.createQueue(definition.name, { policy: definition.policy ?? 'standard', ...settings });
    await boss.updateQueue(definition.name, settings);
  }

  async function startWorker(definition: JobDefinition<z.ZodType>) {
    // One job per fetch on each of `workers` workers, or batches of a few for `concurrency` at once.
    const concurrency = definition.workers ? 1 : (definition.concurrency ?? 1);
    await boss.work(
      definition.name,
      {
        pollingIntervalSeconds,
        // Polling stays the floor (a retry's backoff or a deferred start ends without a notice,
        // and a lost listener connection is only noticed by the next poll), so it keeps its pace
        // while the wake-ups are on.
        notifyPollingIntervalSeconds: pollingIntervalSeconds,
        ...(definition.workers ? { localConcurrency: definition.workers } : {}),
        // Fetch a few jobs at a time and keep fetching while batches come back full: a backlog
        // (a backfill queues hundreds) drains at the handlers' speed, not one job per poll.
        batchSize: definition.workers ? 1 : concurrency * 2,
        burstWhenBatchFull: true,
        perJobResults: true,
      },
      async (jobs: Job<object>[]) => {
        const results: JobResult[] = [];
        const pending = [...jobs];
        const runNext = async (): Promise<void> => {
          const job = pending.shift();
          if (!job) return;
          results.push(await runJob(definition, job));
          await runNext();
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, runNext));
        return results;
      },
    );
  }

  /** One job's outcome; a failure is recorded on that job (pg-boss retries it) without failing its batch. */
  async function runJob(definition: JobDefinition<z.ZodType>, job: Job<object>): Promise<JobResult> {
    const parsed = definition.payload.safeParse(job.data);
    if (!parsed.success) {
      log.error({ job: definition.name, id: job.id }, 'job payload is invalid; dropping it');
      return { id: job.id, status: 'deadletter', output: { message: 'invalid payload' } };
    }
    try {
      await definition.handler(parsed.data, { id: job.id, retryCount: job.retryCount });
    } catch (error) {
      log.warn({ job: definition.name, id: job.id, err: error }, 'job failed; it will be retried');
      // Stored on the job: the log line's short message, so a failed statement's values are not written down again.
      return { id: job.id, status: 'failed', output: { message: error instanceof Error ? serializeError(error).message : String(error) } };
    }
    // The job's work is done and stays done: an announcement that fails is logged, not a reason to run the job again.
    try {
      await options.completed?.(parsed.data);
    } catch (error) {
      log.warn({ job: definition.name, id: job.id, err: error }, 'announcing a completed job failed');
    }
    return { id: job.id, status: 'completed' };
  }

  return {
    define(definition) {
      // A queue defined later would never be created: its jobs could not even be sent.
      if (started) throw new Error(`define job ${definition.name} before the job queue starts`);
      definitions.set(definition.name, definition as JobDefinition<z.ZodType>);
    },
    async send(job, data, sendOptions = {}) {
      const payload = job.payload.parse(data) as object;
      return boss.send(job.name, payload, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
      });
    },
    async schedule(definition, cron) {
      await boss.schedule(definition.name, cron, {});
    },
    async start() {
      if (started) return;
      await boss.start();
      for (const definition of definitions.values()) await install(definition);
      started = true;
    },
    async work() {
      if (!started) throw new Error('start the job queue before its workers');
      if (working) return;
      for (const definition of definitions.values()) await startWorker(definition);
      working = true;
    },
    async pause() {
      if (!working) return;
      working = false;
      await Promise.all([...definitions.keys()].map((name) => boss.offWork(name, { wait: false })));
    },
    async stop(stopOptions = {}) {
      if (!started) return;
      started = false;
      working = false;
      await boss.stop({ graceful: true, timeout: stopOptions.graceMs ?? 5_000, close: database.driver.kind === 'postgres' });
    },
    async stats() {
      const rows = await database.query<{ name: string; ready: number; deferred: number; active: number; oldest: number | null }>(
        `select name,
                count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as ready,
                count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
                count(*) filter (where state = 'active')::int as active,
                extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now()))::float8 as oldest
           from pgboss.job
          where name = any($1) and state in ('created', 'retry', 'active')
          group by name`,
        [[...definitions.keys()]],
      );
      const byName = new Map(rows.map((row) => [row.name, row]));
      return [...definitions.keys()].map((name) => {
        const row = byName.get(name);
        return { name, ready: row?.ready ?? 0, deferred: row?.deferred ?? 0, active: row?.active ?? 0, oldestReadyAgeS: Math.max(0, row?.oldest ?? 0) };
      });
    },
    async drained(names, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const rows = await database.query<{ n: number }>(
          `select count(*)::int as n from pgboss.job where name = any($1) and state in ('created', 'retry', 'active')`,
          [names],
        );
        if ((rows[0]?.n ?? 0) === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs ${names.join(', ')} still pending after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
