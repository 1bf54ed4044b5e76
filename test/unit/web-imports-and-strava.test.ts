import { describe, expect, it } from 'vitest';
import type { ImportResult, ImportStatus } from '../../src/shared/api/imports.ts';
import {
  archiveCounts,
  archiveProgress,
  isImportSettled,
  timeLeftText,
  rejectionOf,
  stateOfError,
  stateOfResult,
} from '../../src/web/features/imports/import-queue.ts';
import { HttpError } from '../../src/web/lib/api-request.ts';
import { STRAVA_APP_PAUSED_ERROR, STRAVA_ATHLETE_LIMIT_ERROR, type StravaStatus } from '../../src/shared/api/strava.ts';
import { isBackfilling, stravaSyncProgress } from '../../src/web/features/strava/api/strava-status.ts';
import { stravaErrorMessage, withoutStravaError } from '../../src/web/features/strava/strava-error.ts';

const MB = 1024 * 1024;

const status = (overrides: Partial<ImportStatus>): ImportStatus => ({
  id: 'imp-1',
  kind: 'file',
  fileName: 'ride.fit',
  status: 'done',
  total: 1,
  imported: 1,
  duplicates: 0,
  skipped: 0,
  startedAt: null,
  secondsLeft: null,
  failed: 0,
  error: null,
  createdAt: '2026-03-01T08:00:00Z',
  updatedAt: '2026-03-01T08:00:00Z',
  ...overrides,
});

const activity = { name: 'Morning Ride' } as ImportResult['activity'];

describe('rejectionOf (what the import dialog sends)', () => {
  it.each(['ride.fit', 'RIDE.FIT', 'walk.gpx', 'run.tcx', 'ride.fit.gz', 'run.TCX.GZ', 'export_12345.zip'])('accepts %s', (name) => {
    expect(rejectionOf({ name, size: 1000 })).toBeNull();
  });

  it.each(['notes.txt', 'photo.jpg', 'ride.fit.bak', 'archive.gz', 'activities.csv'])('refuses %s, naming it', (name) => {
    expect(rejectionOf({ name, size: 1000 })).toMatch(new RegExp(`^${name.replace('.', '\\.')} is not a file Kairo can import`));
  });

  it('refuses files over the server limits', () => {
    expect(rejectionOf({ name: 'huge.fit', size: 65 * MB })).toBe('huge.fit is larger than the 64 MB limit for one activity file');
    expect(rejectionOf({ name: 'big.zip', size: 65 * MB })).toBeNull();
    expect(rejectionOf({ name: 'huge.zip', size: 1025 * MB })).toBe('huge.zip is larger than the 1 GB import limit');
  });
});

describe('stateOfResult (one line per file)', () => {
  it('reports a new activity', () => {
    expect(stateOfResult({ import: status({}), activity }, 'ride.fit')).toEqual({ kind: 'imported', activityName: 'Morning Ride' });
  });

  it('reports a file the account already has (409) as a duplicate with the server\'s words, other refusals as failures', () => {
    const message = 'run.tcx was not imported: it is the same activity as "Morning Run" (16 Apr 2021, 13:37 UTC), already in your activities.';
    expect(stateOfError(new HttpError(409, JSON.stringify({ message }), 'Conflict'), 'run.tcx')).toEqual({ kind: 'duplicate', message });
    expect(stateOfError(new HttpError(415, JSON.stringify({ message: 'Not a FIT file' }), 'Unsupported'), 'run.fit')).toEqual({
      kind: 'failed',
      message: 'Not a FIT file',
    });
    expect(stateOfError(new Error('offline'), 'run.fit')).toEqual({ kind: 'failed', message: 'run.fit could not be imported.' });
  });

  it('follows an archive by its import id', () => {
    const archive = status({ id: 'imp-9', kind: 'archive', status: 'queued', total: 120, imported: 0 });
    expect(stateOfResult({ import: archive, activity: null }, 'export.zip')).toEqual({ kind: 'archive', importId: 'imp-9' });
  });

  it('reports a failed import with its reason', () => {
    expect(stateOfResult({ import: status({ status: 'failed', error: 'No samples' }), activity: null }, 'ride.fit')).toEqual({
      kind: 'failed',
      message: 'No samples',
    });
  });
});

describe('archive progress ((imported + duplicates + failed + skipped) / total)', () => {
  it('counts every handled activity', () => {
    expect(archiveProgress(status({ status: 'running', total: 40, imported: 10, duplicates: 5, skipped: 3, failed: 2 }))).toEqual({
      processed: 20,
      total: 40,
      fraction: 0.5,
    });
  });

  it('has no fraction before the archive is counted, and is full when done', () => {
    expect(archiveProgress(status({ status: 'queued', total: 0, imported: 0 })).fraction).toBeNull();
    expect(archiveProgress(status({ status: 'done', total: 0, imported: 0 })).fraction).toBe(1);
  });

  it('names the counts, leaving out zeros but never "imported"', () => {
    expect(archiveCounts(status({ imported: 0 }))).toBe('0 imported');
    expect(archiveCounts(status({ imported: 12, duplicates: 3, skipped: 1, failed: 2 }))).toBe(
      '12 imported · 3 skipped as duplicates · 1 skipped · 2 failed',
    );
    expect(archiveCounts(status({ imported: 2, duplicates: 1 }))).toBe('2 imported · 1 skipped as duplicate');
  });

  it('is settled when done, failed or cancelled', () => {
    expect(['queued', 'running', 'done', 'failed', 'cancelled'].map((value) => isImportSettled({ status: value as ImportStatus['status'] }))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it("words the server's estimate of the time left", () => {
    expect(timeLeftText(null)).toBeNull();
    expect(timeLeftText(0)).toBe('Less than a minute left');
    expect(timeLeftText(59)).toBe('Less than a minute left');
    expect(timeLeftText(60)).toBe('About 1 min left');
    expect(timeLeftText(3900)).toBe('About 1 h 5 min left');
  });
});

describe('failed Strava connections (?strava_error=)', () => {
  it.each([
    ['taken', 'This Strava athlete is already connected to another Kairo account.'],
    ['denied', 'Strava access was not granted.'],
    ['scope', 'Kairo needs permission to read your activities. Please connect again and keep all boxes ticked.'],
    // Strava refusing Kairo's app rather than the athlete (ADR 0067).
    [STRAVA_ATHLETE_LIMIT_ERROR, "This Kairo has reached Strava's limit of athletes for its app, so Strava did not let you connect. Nothing was changed; the operator has been told."],
    [STRAVA_APP_PAUSED_ERROR, "Strava has paused this Kairo's access to Strava. Your data is safe; syncing resumes when the operator fixes it."],
  ])('%s -> %s', (reason, message) => {
    expect(stravaErrorMessage(`?strava_error=${reason}`)).toBe(message);
  });

  it('has a message for every reason the server sends, and one for anything else', () => {
    for (const reason of ['state', 'signed-out', 'exchange', 'something-new', 'toString']) {
      expect(stravaErrorMessage(`?strava_error=${reason}`)).toMatch(/\w+/);
    }
    expect(stravaErrorMessage('?strava_error=toString')).toBe('Connecting to Strava did not work. Please try again.');
  });

  it('is null when nothing failed', () => {
    expect(stravaErrorMessage('')).toBeNull();
    expect(stravaErrorMessage('?tab=1')).toBeNull();
  });

  it('cleans only its own parameter from the query', () => {
    expect(withoutStravaError('?strava_error=denied')).toBe('');
    expect(withoutStravaError('?a=1&strava_error=denied&b=2')).toBe('?a=1&b=2');
  });
});

describe("the first Strava sync's progress on Home", () => {
  const base: StravaStatus = {
    connected: true,
    status: 'connected',
    athleteName: 'Ida',
    profilePhoto: null,
    demo: false,
    backfillDone: true,
    lastSyncAt: null,
    history: null,
    stravaDataToAi: false,
  };

  it('counts the activities found while Strava still lists them, then those whose detail is in', () => {
    expect(stravaSyncProgress({ ...base, backfillDone: false, history: { activities: 400, detailed: 12 } })).toEqual({ text: '400 activities found', fraction: null });
    expect(stravaSyncProgress({ ...base, backfillDone: false, history: { activities: 1, detailed: 0 } })).toEqual({ text: '1 activity found', fraction: null });
    expect(stravaSyncProgress({ ...base, history: { activities: 1204, detailed: 312 } })).toEqual({ text: '312 of 1,204 activities', fraction: 312 / 1204 });
  });

  it('is syncing until every listed activity has its detail, and says nothing before the first is listed or once all are in', () => {
    expect(isBackfilling({ ...base, history: { activities: 1204, detailed: 312 } })).toBe(true);
    expect(isBackfilling({ ...base, history: { activities: 1204, detailed: 1204 } })).toBe(false);
    expect(isBackfilling({ ...base, history: null })).toBe(false);
    expect(isBackfilling({ ...base, backfillDone: false })).toBe(true);
    expect(isBackfilling({ ...base, connected: false, backfillDone: false })).toBe(false);
    expect(stravaSyncProgress({ ...base, backfillDone: false, history: { activities: 0, detailed: 0 } })).toBeNull();
    expect(stravaSyncProgress({ ...base, history: { activities: 10, detailed: 10 } })).toBeNull();
    expect(stravaSyncProgress(undefined)).toBeNull();
  });
});
