import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { ActivityScore } from '../../../metrics/activity-score.ts';
import type { ActivityFileLimits } from '../../../shared/api/imports.ts';
import { WORKER_YOUNG_GENERATION_MB } from '../../heap.ts';
import { AppError } from '../../http/errors.ts';
import { ImportFileError, type ImportFileErrorReason } from './import-file-error.ts';
import { ownBuffer } from './own-buffer.ts';
import type { PackedActivity } from './parsed-activity.ts';
import type { PackedScoreInput } from './score-packed.ts';

/** What the server asks a worker: one file to parse, or one activity to score, the bytes transferred (not copied). */
export type WorkerRequest =
  | { id: number; kind: 'parse'; fileName: string; bytes: ArrayBuffer }
  | { id: number; kind: 'score'; input: Omit<PackedScoreInput, 'packedStreams'> & { packedStreams: ArrayBuffer | null } };

/** A worker's answer: the activities or score, the reason the file was refused, or a failure (a bug). */
export type WorkerReply =
  | { id: number; activities: PackedActivity[] }
  | { id: number; score: ActivityScore }
  | { id: number; refused: { reason: ImportFileErrorReason; message: string } }
  | { id: number; failed: string };

/** Reads activity files (parse-activity-file.ts) and computes activity metrics off the event loop. */
export interface ActivityFileParser {
  /**
   * The file's activities, each one's streams packed for storage by the worker. Throws
   * ImportFileError for a file it cannot import, AppError `unavailable` when too many files wait.
   * The bytes move to the worker: a buffer of their own is left empty (detached) afterwards.
   */
  parse(fileName: string, bytes: Uint8Array): Promise<PackedActivity[]>;
  /** `scoreActivity` in a worker, the streams decoded there: the metrics of a long activity take seconds of CPU. */
  score(input: PackedScoreInput): Promise<ActivityScore>;
  /** Stops the workers; files still waiting are refused as unavailable. */
  close(): Promise<void>;
}

interface Task {
  id: number;
  /** What the task reads, for messages: the file's name, or "the metrics of an activity". */
  label: string;
  request: WorkerRequest;
  transfer: ArrayBuffer[];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

/**
 * Time after which a task is given up and its worker replaced: far beyond any real file. The
 * metrics of a 48 h activity take about a minute on one shared core.
 */
const TASK_TIMEOUT_MS = 300_000;

/** What a slot holds while its worker waits to be restarted: no task is given to it. */
const stoppedSlot: Task = { id: 0, label: 'a restarting worker', request: { id: 0, kind: 'score', input: null as never }, transfer: [], resolve: () => {}, reject: () => {} };

const workerUrl = new URL('./activity-file-worker.ts', import.meta.url);

/**
 * A small pool of worker threads that parse uploaded activity files (with their stream figures)
 * and compute activity metrics for scoring, so a big file never stalls other requests (issue 16
 * item 1, ADR 0051). Files waiting go before metrics waiting. The workers start
 * with the server and stay warm; each reads one file at a time with its heap capped at
 * `workerMemoryMb` and its young generation at WORKER_YOUNG_GENERATION_MB (ADR 0094). A worker
 * that crashes, runs out of memory or takes longer than two minutes is replaced, and its file
 * refused. At most `maxQueued` files wait for a worker; one more is answered
 * 503, so a burst of uploads cannot pile up without bound.
 */
export function createActivityFileParser(options: {
  workers: number;
  maxQueued: number;
  workerMemoryMb: number;
  limits: ActivityFileLimits;
  log: FastifyBaseLogger;
}): ActivityFileParser {
  const { log } = options;
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;
  const slots: Slot[] = Array.from({ length: options.workers }, () => ({ worker: startWorker(), task: null }));

  function startWorker(): Worker {
    const worker = new Worker(workerUrl, {
      workerData: { limits: options.limits },
      resourceLimits: { maxOldGenerationSizeMb: options.workerMemoryMb, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
      // Every setting reaches the worker through workerData, none through the environment.
      env: {},
    });
    // An idle pool never keeps the process alive.
    worker.unref();
    worker.on('message', (reply: WorkerReply) => settle(worker, reply));
    worker.on('error', (error) => replace(worker, error));
    worker.on('exit', (code) => replace(worker, new Error(`the file reader exited with code ${code}`)));
    return worker;
  }

  function slotOf(worker: Worker): Slot | undefined {
    return slots.find((slot) => slot.worker === worker);
  }

  function settle(worker: Worker, reply: WorkerReply): void {
    const slot = slotOf(worker);
    const task = slot?.task;
    if (!slot || !task || task.id !== reply.id) return;
    slot.task = null;
    failuresInARow = 0;
    worker.unref();
    clearTimeout(timers.get(task.id));
    timers.delete(task.id);
    if ('activities' in reply) task.resolve(reply.activities);
    else if ('score' in reply) task.resolve(reply.score);
    else if ('refused' in reply) task.reject(new ImportFileError(reply.refused.reason, reply.refused.message));
    else task.reject(new Error(`${task.label} failed in a worker: ${reply.failed}`));
    dispatch();
  }

  /** A worker that failed is replaced; the file it was reading is refused with the reason. */
  function replace(worker: Worker, error: Error): void {
    const slot = slotOf(worker);
    if (!slot) return;
    const task = slot.task;
    slot.task = null;
    worker.removeAllListeners();
    void worker.terminate();
    if (task) {
      clearTimeout(timers.get(task.id));
      timers.delete(task.id);
      const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      log.warn({ err: error, task: task.label }, 'activity worker stopped; starting a new one');
      task.reject(
        outOfMemory
          ? new ImportFileError('too_large', `${task.label} needs more memory than one activity may use (${options.workerMemoryMb} MB).`)
          : new Error(`${task.label} stopped its worker`, { cause: error }),
      );
    } else if (!closed) {
      log.warn({ err: error }, 'idle activity worker stopped; starting a new one');
    }
    if (closed) return;
    restartLater(slot);
  }

  /**
   * A worker that keeps failing before it finishes anything (a broken install, say) is restarted
   * after a growing pause, up to a minute, rather than in a tight loop.
   */
  let failuresInARow = 0;
  function restartLater(slot: Slot): void {
    failuresInARow++;
    const delayMs = failuresInARow <= 1 ? 0 : Math.min(60_000, 100 * 2 ** failuresInARow);
    const restart = () => {
      if (closed) return;
      slot.worker = startWorker();
      dispatch();
    };
    if (delayMs === 0) {
      restart();
      return;
    }
    // Meanwhile the slot holds a stopped worker and takes no task.
    slot.task = stoppedSlot;
    setTimeout(() => {
      slot.task = null;
      restart();
    }, delayMs).unref();
  }

  const timers = new Map<number, NodeJS.Timeout>();

  function submit<T>(label: string, request: WorkerRequest, transfer: ArrayBuffer[]): Promise<T> {
    if (closed) return Promise.reject(new AppError('unavailable', 'Kairo is shutting down; try again in a moment.', { retryAfterS: 5 }));
    const idle = slots.some((slot) => !slot.task);
    if (!idle && queue.length >= options.maxQueued) {
      return Promise.reject(
        new AppError('unavailable', `Kairo is busy reading ${queue.length + slots.length} other activities; try ${label} again in a minute.`, {
          retryAfterS: 30,
        }),
      );
    }
    return new Promise<T>((resolve, reject) => {
      const task: Task = { id: request.id, label, request, transfer, resolve: resolve as (value: unknown) => void, reject };
      // An upload waits for its answer; metrics are background work: files go first.
      const firstScore = queue.findIndex((queued) => queued.request.kind === 'score');
      if (request.kind === 'parse' && firstScore !== -1) queue.splice(firstScore, 0, task);
      else queue.push(task);
      dispatch();
    });
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (slot.task) continue;
      const task = queue.shift();
      if (!task) return;
      slot.task = task;
      slot.worker.ref();
      const timer = setTimeout(() => {
        slot.worker.removeAllListeners();
        void slot.worker.terminate();
        slot.task = null;
        timers.delete(task.id);
        task.reject(new ImportFileError('too_large', `${task.label} could not be done within ${TASK_TIMEOUT_MS / 1000} seconds.`));
        if (closed) return;
        restartLater(slot);
      }, TASK_TIMEOUT_MS);
      timer.unref();
      timers.set(task.id, timer);
      slot.worker.postMessage(task.request, task.transfer);
    }
  }

  return {
    parse(fileName, bytes) {
      const buffer = ownBuffer(bytes);
      return submit<PackedActivity[]>(fileName, { id: nextId++, kind: 'parse', fileName, bytes: buffer }, [buffer]);
    },

    score({ packedStreams, ...input }) {
      const buffer = packedStreams && ownBuffer(packedStreams);
      return submit<ActivityScore>('the metrics of an activity', { id: nextId++, kind: 'score', input: { ...input, packedStreams: buffer } }, buffer ? [buffer] : []);
    },

    async close() {
      closed = true;
      for (const task of queue.splice(0)) {
        task.reject(new AppError('unavailable', 'Kairo is shutting down; try again in a moment.', { retryAfterS: 5 }));
      }
      await Promise.all(
        slots.map(async (slot) => {
          slot.worker.removeAllListeners();
          slot.task?.reject(new AppError('unavailable', 'Kairo is shutting down; try again in a moment.', { retryAfterS: 5 }));
          slot.task = null;
          await slot.worker.terminate();
        }),
      );
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
