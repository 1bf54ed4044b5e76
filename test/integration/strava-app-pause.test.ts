import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStravaAppPause } from '../../src/server/features/strava/app-pause.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/databases.ts';

const kinds = await testDatabaseKinds();

/** A logger that keeps what was written, by level. */
function recordingLog() {
  const lines: { level: string; fields: unknown; message: string }[] = [];
  const write = (level: string) => (fields: unknown, message?: string) => void lines.push({ level, fields, message: message ?? '' });
  const log = { error: write('error'), warn: write('warn'), info: write('info') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

/** The app-wide pause (ADR 0067) as the operator and other instances see it: one log line, one row, shared. */
describe.each(kinds)('Strava app pause on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('logs the cause once for the operator, counts every refusal, and is seen by another instance', async () => {
    const first = recordingLog();
    const refusals: string[] = [];
    let resumed = 0;
    const pause = createStravaAppPause(database.handle.db, {
      clientId: '4242',
      log: first.log,
      observe: { refused: (cause) => refusals.push(cause) },
      onResumed: async () => {
        resumed += 1;
      },
    });
    const other = createStravaAppPause(database.handle.db, { clientId: '4242', log: recordingLog().log });
    const unrelated = createStravaAppPause(database.handle.db, { clientId: '777', log: recordingLog().log });
    expect(await pause.current()).toBeNull();

    const answer = '{"message":"Forbidden: application inactive","errors":[{"resource":"Application","field":"status","code":"inactive"}]}';
    await pause.pause('app_inactive', answer);
    await pause.pause('app_inactive', answer);
    expect(refusals).toEqual(['app_inactive', 'app_inactive']);
    const errors = first.lines.filter((line) => line.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/cause: app_inactive.*paused for every athlete.*nothing stored/);
    expect(errors[0]!.message).toMatch(/Inactive while its owner holds no Strava subscription/);
    expect(errors[0]!.fields).toMatchObject({ strava: { cause: 'app_inactive', clientId: '4242', answer } });

    expect(await other.current()).toMatchObject({ cause: 'app_inactive', detail: answer });
    expect(await unrelated.current()).toBeNull();

    // A success ends it once, on any instance; a second success has nothing to end.
    expect(await other.resume('a Strava call succeeded')).toBe(true);
    expect(await pause.resume('an instance started')).toBe(false);
    expect(resumed).toBe(0);
    expect(await other.current()).toBeNull();
  });

  it('ends at an instance start and lets the sync resume', async () => {
    let resumed = 0;
    const { log, lines } = recordingLog();
    const pause = createStravaAppPause(database.handle.db, {
      clientId: '5151',
      log,
      onResumed: async () => {
        resumed += 1;
      },
    });
    await pause.pause('app_inactive', 'Forbidden: application inactive');
    expect(await pause.resume('an instance started')).toBe(true);
    expect(resumed).toBe(1);
    expect(lines.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual(['Strava sync resumes: an instance started']);
    expect(await pause.current()).toBeNull();
  });
});
