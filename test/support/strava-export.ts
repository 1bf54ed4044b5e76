import { buffer as readStreamBytes } from 'node:stream/consumers';
import { gzipSync } from 'node:zlib';
import yazl from 'yazl';
import { DAY_MS } from '../../src/shared/time.ts';
import { exportRunTcx, hikeGpx, powerRide, sameRun } from './recordings.ts';

export async function zipOf(files: Record<string, Uint8Array | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [path, content] of Object.entries(files)) {
    zip.addBuffer(Buffer.from(typeof content === 'string' ? new TextEncoder().encode(content) : content), path);
  }
  zip.end();
  return readStreamBytes(zip.outputStream);
}

/**
 * A Strava bulk export with three activity files and one manual activity (no file): Kairo's own
 * recordings (test/support/recordings.ts), a ride as gzipped FIT, a hike as GPX, a run as gzipped TCX.
 */
export function stravaExportArchive(): Promise<Buffer> {
  const csv = [
    'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename',
    '101,"Aug 16, 2013, 3:35:10 PM",Interval ride,Ride,,4680,36.6,activities/101.fit.gz',
    '102,"Aug 5, 2010, 2:23:59 PM",Col hike,Hike,,7200,7.9,activities/102.gpx',
    '103,"Apr 16, 2021, 1:37:53 PM",Shakeout,Run,,222,0.6,activities/103.tcx.gz',
    '104,"Jan 2, 2024, 6:00:00 PM",Gym,Weight Training,,3600,0,',
    '',
  ].join('\n');
  return zipOf({
    'activities.csv': csv,
    'activities/101.fit.gz': gzipSync(powerRide().bytes),
    'activities/102.gpx': hikeGpx().bytes,
    'activities/103.tcx.gz': gzipSync(sameRun('tcx').bytes),
  });
}

/** Tracks of different lengths and formats, Kairo's own; TCX gzipped, as Strava stores many uploads. */
const TRACKS = [
  { bytes: () => hikeGpx().bytes, extension: 'gpx', type: 'Hike', gzip: false },
  { bytes: () => exportRunTcx().bytes, extension: 'tcx.gz', type: 'Run', gzip: true },
  { bytes: () => sameRun('gpx').bytes, extension: 'gpx', type: 'Run', gzip: false },
  { bytes: () => sameRun('tcx').bytes, extension: 'tcx.gz', type: 'Run', gzip: true },
] as const;

/** Moves every ISO date in a GPX or TCX document `days` later (times of day stay as recorded). */
export function shiftDates(xml: string, days: number): string {
  return xml.replace(/\b(\d{4})-(\d{2})-(\d{2})T/g, (_match, year: string, month: string, day: string) => {
    const shifted = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)) + days * DAY_MS);
    return `${shifted.toISOString().slice(0, 10)}T`;
  });
}

/**
 * A Strava bulk export with `count` activities. The tracks repeat, each copy moved a day
 * later than the one before, so every file is its own activity with its own date.
 */
export async function stravaExportWith(count: number): Promise<Buffer> {
  const texts = TRACKS.map((track) => track.bytes().toString('utf8'));
  const rows = ['Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename'];
  const files: Record<string, Uint8Array | string> = {};
  for (let index = 0; index < count; index += 1) {
    const track = TRACKS[index % TRACKS.length]!;
    const activityId = 900_000 + index;
    const fileName = `activities/${activityId}.${track.extension}`;
    const xml = shiftDates(texts[index % TRACKS.length]!, index);
    files[fileName] = track.gzip ? gzipSync(xml) : xml;
    rows.push(`${activityId},,${track.type} ${index + 1},${track.type},,,,${fileName}`);
  }
  return zipOf({ 'activities.csv': `${rows.join('\n')}\n`, ...files });
}
