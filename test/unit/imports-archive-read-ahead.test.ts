import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/http/errors.ts';
import type { ActivitiesService } from '../../src/server/features/activities/index.ts';
import type { ActivityFileParser } from '../../src/server/features/imports/activity-file-parser.ts';
import { ImportFileError } from '../../src/server/features/imports/import-file-error.ts';
import { createArchiveImportJob } from '../../src/server/features/imports/jobs.ts';
import { parseActivityFiles } from '../../src/server/features/imports/parse-activity-file.ts';
import { packActivity } from '../../src/server/features/imports/pack-activity.ts';
import type { ImportRow, ImportsRepo } from '../../src/server/features/imports/repo.ts';
import { stravaExportWith } from '../support/strava-export.ts';

const ENTRIES = 8;
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

/**
 * The archive job reads and decodes entries ahead of the one it stores (issue 29: the workers never
 * wait on the database), yet stores and counts them in the archive's order; an entry read ahead
 * while the worker pool was full is read again in turn, and a bug in one entry fails the run only
 * after the reads under way have ended.
 */
describe('archive import reading ahead', () => {
  let dir: string;
  let archive: Buffer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kairo-read-ahead-'));
    archive = await stravaExportWith(ENTRIES);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const entry = (index: number) => `activities/${900_000 + index}.`;

  /** A job over fakes that log every step; `fault` decides what each parse of an entry does instead of parsing. */
  function harness(fault: (fileName: string, attempt: number) => Error | null) {
    // The job removes the archive once it is done: one of its own per run.
    const archivePath = join(dir, `export-${Math.random().toString(36).slice(2)}.zip`);
    writeFileSync(archivePath, archive);
    const steps: string[] = [];
    let nextEntryRead = () => {};
    const nextEntryReading = new Promise<void>((resolve) => (nextEntryRead = resolve));
    const attempts = new Map<string, number>();
    const counted: string[] = [];
    const row = { id: 'import-1', accountId: 'account-1', fileName: 'export.zip', storagePath: archivePath, status: 'queued', imported: 0, duplicates: 0, skipped: 0, failed: 0 } as ImportRow;
    const repo = {
      findById: async () => row,
      uploadPartHex: async () => undefined,
      start: async () => true,
      increment: async (_id: string, counter: string) => {
        counted.push(counter);
        return 'running';
      },
      finish: async (_id: string, outcome: { status: string }) => void steps.push(`finish ${outcome.status}`),
    } as unknown as ImportsRepo;
    const parser = {
      parse: async (fileName: string, bytes: Uint8Array) => {
        const attempt = (attempts.get(fileName) ?? 0) + 1;
        attempts.set(fileName, attempt);
        steps.push(`parse ${fileName}`);
        if (fileName.startsWith(entry(1))) nextEntryRead();
        // The first entry's answer waits for the second's read to begin (bounded: without reading
        // ahead it never does, and the test fails below); every other answer takes a turn of the event loop.
        if (fileName.startsWith(entry(0))) await Promise.race([nextEntryReading, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
        else await new Promise((resolve) => setImmediate(resolve));
        const error = fault(fileName, attempt);
        if (error) throw error;
        return (await parseActivityFiles(fileName, bytes)).map(packActivity);
      },
    } as unknown as ActivityFileParser;
    const activities = {
      insertUnlessRecorded: async (_account: string, values: { sourceKey: string }) => {
        steps.push(`store ${values.sourceKey}`);
        return { inserted: { id: values.sourceKey } };
      },
      historyImported: async () => void steps.push('scored'),
    } as unknown as ActivitiesService;
    const job = createArchiveImportJob({ repo, activities, parser, log: silentLog, workDir: dir, readAhead: 3 });
    const run = () => job.handler({ importId: row.id }, { retryCount: 0 } as never);
    return { steps, counted, attempts, run };
  }

  it('decodes the next entries while one is stored, and stores and counts in the archive order', async () => {
    const { steps, counted, run } = harness(() => null);
    await run();
    const stored = steps.filter((step) => step.startsWith('store')).map((step) => step.slice('store strava-export:'.length));
    expect(stored).toEqual(Array.from({ length: ENTRIES }, (_, index) => String(900_000 + index)));
    expect(counted).toEqual(Array(ENTRIES).fill('imported'));
    // Before the first entry was stored, the ones after it were already being read.
    const firstStore = steps.findIndex((step) => step.startsWith('store'));
    expect(steps.slice(0, firstStore).filter((step) => step.startsWith('parse')).length).toBeGreaterThan(1);
    expect(steps.slice(-2)).toEqual(['finish done', 'scored']);
  });

  it('reads again in turn an entry refused while the workers were busy; counts a bad file as failed', async () => {
    const busy = new AppError('unavailable', 'Kairo is busy reading 20 other activities', { retryAfterS: 30 });
    const { steps, counted, attempts, run } = harness((fileName, attempt) => {
      if (fileName.startsWith(entry(2)) && attempt === 1) return busy;
      if (fileName.startsWith(entry(5))) return new ImportFileError('corrupt', `${fileName} is not a valid file.`);
      return null;
    });
    await run();
    expect(counted).toEqual(['imported', 'imported', 'imported', 'imported', 'imported', 'failed', 'imported', 'imported']);
    expect([...attempts.entries()].find(([name]) => name.startsWith(entry(2)))![1]).toBe(2);
    expect(steps.filter((step) => step.startsWith('store'))).toHaveLength(ENTRIES - 1);
  });

  it('fails the run on a bug in one entry, after the reads under way have ended', async () => {
    let settled = 0;
    const { steps, counted, run } = harness((fileName) => {
      settled += 1;
      return fileName.startsWith(entry(1)) ? new TypeError('a bug') : null;
    });
    await expect(run()).rejects.toThrow('a bug');
    expect(counted).toEqual(['imported']);
    // Every parse begun had ended when the job gave up: no read of a closed archive is left behind.
    expect(settled).toBe(steps.filter((step) => step.startsWith('parse')).length);
    expect(steps).not.toContain('finish done');
  });
});
