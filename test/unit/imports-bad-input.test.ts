import { gzipSync } from 'node:zlib';
import { CrcCalculator } from '@garmin/fitsdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ACTIVITY_FILE_BYTES } from '../../src/shared/api/imports.ts';
import { ImportFileError } from '../../src/server/features/imports/import-file-error.ts';
import type { ImportFileErrorReason } from '../../src/server/features/imports/import-file-error.ts';
import { parseActivityFile } from '../../src/server/features/imports/parse-activity-file.ts';
import { sameRun, trainerRide } from '../support/recordings.ts';

/** A private copy the test may change byte by byte. */
const utf8 = (text: string) => new TextEncoder().encode(text);

async function importFailure(fileName: string, bytes: Uint8Array): Promise<ImportFileError> {
  try {
    await parseActivityFile(fileName, bytes);
  } catch (error) {
    if (error instanceof ImportFileError) return error;
    throw error;
  }
  throw new Error(`${fileName} was accepted`);
}

async function expectRefused(fileName: string, bytes: Uint8Array, reason: ImportFileErrorReason, message: RegExp | string) {
  const error = await importFailure(fileName, bytes);
  expect(error.reason).toBe(reason);
  expect(error.message).toMatch(message);
}

/** A GPX that unpacks one byte past the limit: the start of a document, then spaces. */
function gpxBomb(): Uint8Array {
  const start = utf8('<gpx version="1.1"><trk><trkseg>');
  const content = new Uint8Array(MAX_ACTIVITY_FILE_BYTES + 1).fill(0x20);
  content.set(start);
  return gzipSync(content);
}

const pngHeader = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

describe('files Kairo refuses, with a message for the athlete', async () => {
  it('an empty file', async () => {
    await expectRefused('run.fit', new Uint8Array(), 'empty', 'run.fit is empty.');
    await expectRefused('run.fit.gz', gzipSync(new Uint8Array()), 'empty', 'run.fit.gz contains an empty file.');
  });

  it('random bytes named .fit', async () => {
    const bytes = new Uint8Array(4096).map((_, index) => (index * 7919 + 13) % 251);
    await expectRefused('run.fit', bytes, 'unsupported', 'run.fit is not a FIT, GPX or TCX activity file.');
  });

  it('a FIT file cut short before its first recorded sample', async () => {
    const ride = new Uint8Array(trainerRide().bytes);
    await expectRefused(
      'ride.fit',
      ride.subarray(0, 120),
      'corrupt',
      'ride.fit is not a valid FIT file (it is cut short, before any recorded sample).',
    );
  });

  it('samples further apart than the 48 h limit (a broken clock, or days in one file)', async () => {
    const gpx = utf8(
      '<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>' +
        '<trkpt lat="46" lon="14"><time>2020-01-01T00:00:00Z</time></trkpt>' +
        '<trkpt lat="46" lon="14"><time>2020-01-03T00:30:00Z</time></trkpt></trkseg></trk></gpx>',
    );
    await expectRefused(
      'clock.gpx',
      gpx,
      'too_large',
      'clock.gpx records 48.5 hours; the limit for one activity is 48 hours (a longer event is recorded day by day).',
    );
  });

  it('a FIT file whose data was changed (CRC check fails): what decoded is kept, the damage named (ADR 0064)', async () => {
    const ride = new Uint8Array(trainerRide().bytes);
    ride[5_000] = ride[5_000]! ^ 0xff;
    const salvaged = await parseActivityFile('ride.fit', ride);
    expect(salvaged.fileQuality.damagedRecoveredS).toBe(salvaged.elapsedTimeS);
    expect(salvaged.elapsedTimeS).toBeGreaterThan(2000);
  });

  it('XML that is neither GPX nor TCX', async () => {
    const kml = utf8('<?xml version="1.0"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>');
    await expectRefused('track.gpx', kml, 'unsupported', 'track.gpx is an XML file but neither GPX nor TCX (its root is <kml>).');
  });

  it('malformed GPX', async () => {
    const broken = utf8('<gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="2"><time>2020-01-01T00:00:00Z</time></trkseg></gpx>');
    await expectRefused('track.gpx', broken, 'corrupt', /^track\.gpx is not a valid GPX file \(broken XML at line 1/);
  });

  it('a GPX with no timed points (a planned route)', async () => {
    const route = utf8(
      '<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="46" lon="14"><time>2020-01-01T00:00:00Z</time></wpt>' +
        '<trk><trkseg><trkpt lat="46" lon="14"><ele>300</ele></trkpt></trkseg></trk></gpx>',
    );
    await expectRefused('route.gpx', route, 'no_samples', 'route.gpx contains no recorded samples (points with a time).');
  });

  it('a TCX course', async () => {
    const course = utf8('<TrainingCenterDatabase><Courses><Course><Name>Loop</Name></Course></Courses></TrainingCenterDatabase>');
    await expectRefused('loop.tcx', course, 'unsupported', 'loop.tcx is a TCX course (a planned route), not a recorded activity.');
  });

  it('a gzip bomb that unpacks beyond the limit', async () => {
    const bomb = gpxBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectRefused('ride.fit.gz', bomb, 'too_large', 'ride.fit.gz unpacks to more than 64 MB, the limit for one activity file.');
  });

  it('a file over the limit before unpacking', async () => {
    await expectRefused('ride.fit', new Uint8Array(MAX_ACTIVITY_FILE_BYTES + 1), 'too_large', /larger than 64 MB/);
  });

  it('broken gzip', async () => {
    const gzipped = gzipSync(new Uint8Array(sameRun('gpx').bytes));
    await expectRefused('run.gpx.gz', gzipped.subarray(0, 200), 'corrupt', 'run.gpx.gz is not a valid gzip file.');
  });

  it('a PNG, whatever its name', async () => {
    await expectRefused('photo.png', pngHeader, 'unsupported', 'photo.png is not a FIT, GPX or TCX activity file.');
    await expectRefused('ride.gpx', pngHeader, 'unsupported', 'ride.gpx is not a FIT, GPX or TCX activity file.');
  });

  it('a zip archive sent as one activity', async () => {
    const zipHeader = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]);
    await expectRefused('export.zip', zipHeader, 'unsupported', /is a zip archive/);
  });

  it('is an AppError the HTTP layer maps to a 4xx', async () => {
    expect((await importFailure('photo.png', pngHeader)).status).toBe(415);
    expect((await importFailure('run.fit', new Uint8Array())).status).toBe(400);
    expect((await importFailure('x.gz', gpxBomb())).status).toBe(413);
  });
});

/** Parses and reports only whether the failure was an ImportFileError; anything else is a bug. */
async function parsesOrRefusesCleanly(fileName: string, bytes: Uint8Array): Promise<boolean> {
  try {
    await parseActivityFile(fileName, bytes);
    return true;
  } catch (error) {
    if (error instanceof ImportFileError) return true;
    throw error;
  }
}

/** A FIT file with its data changed and the CRC recomputed, so the decoder really reads the damage. */
function refitCrc(bytes: Uint8Array): Uint8Array {
  const crc = CrcCalculator.calculateCRC(bytes, 0, bytes.length - 2);
  bytes[bytes.length - 2] = crc & 0xff;
  bytes[bytes.length - 1] = crc >> 8;
  return bytes;
}

describe('any input ends in a parsed activity or an ImportFileError', async () => {
  const fileNames = fc.constantFrom('a.fit', 'a.gpx', 'a.tcx', 'a.fit.gz', 'a.bin');

  it('random bytes', async () => {
    await fc.assert(fc.asyncProperty(fileNames, fc.uint8Array({ maxLength: 2048 }), parsesOrRefusesCleanly), { numRuns: 500 });
  });

  it('random bytes behind a valid FIT or gzip header', async () => {
    const fitHeader = new Uint8Array(sameRun('fit').bytes).subarray(0, 14);
    const prefixes = fc.constantFrom(fitHeader, new Uint8Array([0x1f, 0x8b, 8, 0]), utf8('<gpx>'), utf8('<TrainingCenterDatabase>'));
    const prefixed = fc.tuple(prefixes, fc.uint8Array({ maxLength: 2048 })).map(([prefix, rest]) => new Uint8Array([...prefix, ...rest]));
    await fc.assert(fc.asyncProperty(fileNames, prefixed, parsesOrRefusesCleanly), { numRuns: 500 });
  });

  it('a real FIT file with bytes changed and a matching CRC', async () => {
    const run = new Uint8Array(sameRun('fit').bytes);
    const dataRange = fc.integer({ min: 14, max: run.length - 3 });
    const changes = fc.array(fc.tuple(dataRange, fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(changes, (edits) => {
        const damaged = run.slice();
        for (const [index, value] of edits) damaged[index] = value;
        return parsesOrRefusesCleanly('run.fit', refitCrc(damaged));
      }),
      { numRuns: 300 },
    );
  });

  it('real GPX and TCX text cut and spliced at random places', async () => {
    const texts = (['gpx', 'tcx'] as const).map((name) =>
      new TextDecoder().decode(new Uint8Array(sameRun(name).bytes)),
    );
    const edits = fc.tuple(fc.constantFrom(...texts), fc.nat(), fc.nat(), fc.string({ maxLength: 40 }));
    await fc.assert(
      fc.asyncProperty(edits, ([text, from, length, inserted]) => {
        const start = from % text.length;
        const spliced = text.slice(0, start) + inserted + text.slice(start + (length % 400));
        return parsesOrRefusesCleanly('run.xml', utf8(spliced));
      }),
      { numRuns: 300 },
    );
  });
});
