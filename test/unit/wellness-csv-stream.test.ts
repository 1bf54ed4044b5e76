import { describe, expect, it } from 'vitest';
import { PARSE_CHUNK_CHARS, parseWellnessCsv } from '../../src/server/features/wellness/csv-import.ts';
import { DAY_MS } from '../../src/shared/time.ts';

const LATEST = '2026-01-01';
const dayAfter = (start: string, days: number) => new Date(Date.parse(`${start}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A valid file of `count` days from 1900-01-01 on, short lines: tens of thousands of good rows. */
function bigFile(count: number): Buffer {
  const lines = ['date,hrv,resting_hr,sleep_hours,fatigue'];
  for (let i = 0; i < count; i++) lines.push(`${dayAfter('1900-01-01', i)},${20 + (i % 200)},${40 + (i % 30)},7.5,${1 + (i % 5)}`);
  return Buffer.from(lines.join('\n'));
}

describe('The wellness CSV reader', () => {
  it('reads a large valid file a chunk at a time, letting the event loop turn between chunks, with the same rows', async () => {
    const body = bigFile(45_000);
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const events: string[] = [];
    let turns = 0;
    let done = false;
    const tick = () => {
      if (done) return;
      turns++;
      if (turns === 1) events.push('turn');
      setImmediate(tick);
    };
    setImmediate(tick);
    const parsed = await parseWellnessCsv(body, LATEST);
    done = true;
    events.push('parsed');
    // A turn of the event loop came before the answer, and many more than one: one per chunk.
    expect(events).toEqual(['turn', 'parsed']);
    expect(turns).toBeGreaterThanOrEqual(Math.floor(body.length / PARSE_CHUNK_CHARS) - 1);
    expect(parsed.errorCount).toBe(0);
    expect(parsed.fields).toEqual(['hrvRmssdMs', 'restingHrBpm', 'sleepHours', 'fatigue']);
    expect(parsed.rows).toHaveLength(45_000);
    expect(parsed.rows[0]).toEqual({ date: '1900-01-01', hrvRmssdMs: 20, restingHrBpm: 40, sleepHours: 7.5, fatigue: 1 });
    expect(parsed.rows.at(-1)).toEqual({ date: dayAfter('1900-01-01', 44_999), hrvRmssdMs: 20 + (44_999 % 200), restingHrBpm: 40 + (44_999 % 30), sleepHours: 7.5, fatigue: 1 + (44_999 % 5) });
  });

  it('keeps line numbers and quoted cells whole where a chunk ends inside them', async () => {
    const note = (i: number) => `Day ${i}, with a "quoted" word, and a second line\nof ${'n'.repeat(i % 90)}.`;
    const lines = ['date,hrv,note'];
    for (let i = 0; i < 2000; i++) lines.push(`${dayAfter('2020-01-01', i)},${i === 1500 ? 900 : 50},"${note(i).replaceAll('"', '""')}"`);
    lines.push('not a day,50,');
    const body = Buffer.from(lines.join('\n'));
    expect(body.length).toBeGreaterThan(4 * PARSE_CHUNK_CHARS);
    const parsed = await parseWellnessCsv(body, LATEST);
    expect(parsed.rows).toHaveLength(1999);
    expect(parsed.rows.filter((row) => row.note !== note(Number(/^Day (\d+)/.exec(row.note ?? '')?.[1])))).toEqual([]);
    expect(parsed.rows.map((row) => row.date)).toEqual(Array.from({ length: 2000 }, (_, i) => dayAfter('2020-01-01', i)).filter((_, i) => i !== 1500));
    // Each row takes two lines: row i ends on line 2 + 2i + 1.
    expect(parsed.errors).toEqual([
      { line: 2 + 2 * 1500 + 1, message: 'HRV (rMSSD) must be between 3–300 ms' },
      { line: 2 + 2 * 2000, message: '"not a day" is not a date written YYYY-MM-DD' },
    ]);
  });

  it('stops reading a file of bad rows soon after 1,000 of them, not at its end', async () => {
    const lines = ['date,hrv', ...Array.from({ length: 60_000 }, (_, i) => `junk ${i},50`)];
    await expect(parseWellnessCsv(Buffer.from(lines.join('\n')), LATEST)).rejects.toThrow(/^More than 1,000 rows of the file could not be read/);
  });

  it('refuses an empty file and one whose first column is not the date', async () => {
    await expect(parseWellnessCsv(Buffer.from(''), LATEST)).rejects.toThrow(/The file is empty/);
    await expect(parseWellnessCsv(Buffer.from('hrv,date\n50,2025-01-01\n'), LATEST)).rejects.toThrow(/The first column must be "date"/);
  });
});
