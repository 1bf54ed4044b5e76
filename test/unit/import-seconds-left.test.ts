import { describe, expect, it } from 'vitest';
import { importSecondsLeft } from '../../src/server/features/imports/service.ts';

/** The time an archive import still needs, at its own rate so far (the progress bar's "About 3 min left"). */
describe('the time left of an archive import', () => {
  const startedAt = new Date('2026-03-01T08:00:00Z');
  const row = { status: 'running' as const, startedAt, total: 1_000, imported: 0, duplicates: 0, skipped: 0, failed: 0 };
  const after = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000);

  it('reads the rate of the entries the job has handled and applies it to those left', () => {
    // 200 handled (150 new, 40 duplicates, 10 unreadable) in 100 s: 2 a second; 790 left of the 990 the job has (10 had no file) → 395 s.
    expect(importSecondsLeft({ ...row, imported: 150, duplicates: 40, failed: 10, skipped: 10 }, after(100))).toBe(395);
    expect(importSecondsLeft({ ...row, imported: 990, skipped: 10 }, after(100))).toBe(0);
  });

  it('has no estimate before the first entry, while queued, and once the import has ended', () => {
    expect(importSecondsLeft(row, after(30))).toBeNull();
    expect(importSecondsLeft({ ...row, status: 'queued', startedAt: null, imported: 5 }, after(30))).toBeNull();
    for (const status of ['done', 'failed', 'cancelled'] as const) expect(importSecondsLeft({ ...row, status, imported: 500 }, after(30))).toBeNull();
  });
});
