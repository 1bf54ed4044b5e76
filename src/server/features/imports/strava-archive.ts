import { buffer as readStreamBytes } from 'node:stream/consumers';
import { parse as parseCsv } from 'csv-parse/sync';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { MAX_ACTIVITY_FILE_BYTES } from '../../../shared/api/imports.ts';
import { isStorableText, storableText } from '../../http/stored-text.ts';
import { ImportFileError } from './import-file-error.ts';
import { sportTypeFromName } from './sport-type.ts';
import type { SportType } from './sport-type.ts';

/** Far more files than any athlete's export holds (activities, media, a few dozen CSVs). */
export const maxArchiveEntries = 200_000;
/** Uncompressed bytes of activities.csv plus every activity file it names. */
export const maxArchiveActivityBytes = 8 * 1024 ** 3;
/** activities.csv has about one kilobyte per activity. */
const maxActivitiesCsvBytes = 64 * 1024 ** 2;

const zipLocalFileSignature = [0x50, 0x4b, 0x03, 0x04] as const;
const zipEmptyArchiveSignature = [0x50, 0x4b, 0x05, 0x06] as const;

/** Whether the bytes start like a zip archive (a local file header, or the end record of an empty one). */
export function isZipArchive(bytes: Uint8Array): boolean {
  return [zipLocalFileSignature, zipEmptyArchiveSignature].some((signature) =>
    signature.every((byte, index) => bytes[index] === byte),
  );
}

/** One row of the export's activities.csv. */
export interface StravaArchiveActivity {
  activityId: string;
  name: string;
  /** 'Activity Type' as the CSV writes it: 'Ride', 'Weight Training', … */
  type: string;
  /** The Strava sport type that `type` names; null when Kairo does not know the name. */
  sportType: SportType | null;
}

/** An activity whose file is in the archive, ready to be read and parsed. */
export interface StravaArchiveEntry extends StravaArchiveActivity {
  /** The file's path inside the archive, e.g. 'activities/123.fit.gz'. */
  fileName: string;
}

export type SkippedActivityReason = 'no_file' | 'missing_file' | 'too_large' | 'unsafe_path';

export interface SkippedStravaActivity extends StravaArchiveActivity {
  reason: SkippedActivityReason;
  /** Why, in words for the athlete. */
  message: string;
}

export interface StravaArchive {
  /** Activities with a file, in the order of activities.csv. */
  entries: StravaArchiveEntry[];
  /** Activities that cannot be imported from this archive, with the reason. */
  skipped: SkippedStravaActivity[];
  /**
   * Files whose path is absolute or climbs out of the archive (`../`): never read, and reported so
   * the athlete learns why; the rest of the archive is imported.
   */
  unsafeEntries: string[];
  /** The bytes of one entry's file as stored (often still gzipped: hand them to parseActivityFile). */
  readActivityFile(fileName: string): Promise<Uint8Array>;
  /** Releases the archive's file handle; call it when done, also after an error. */
  close(): void;
}

/** A Strava export on disk (bounded memory: entries are read one at a time) or in memory. */
export type StravaArchiveSource = { filePath: string } | { bytes: Uint8Array };

/**
 * Opens a Strava bulk export (activities.csv + activities/…) and lists its activities without
 * reading their files: only the zip's central directory and activities.csv are read here, so a job
 * can then import the entries one by one and report progress. `archiveName` labels messages.
 */
export async function openStravaArchive(archiveName: string, source: StravaArchiveSource): Promise<StravaArchive> {
  const zipFile = await openZip(archiveName, source);
  try {
    if (zipFile.entryCount > maxArchiveEntries) {
      throw new ImportFileError(
        'too_large',
        `${archiveName} holds more than ${maxArchiveEntries.toLocaleString('en')} files, more than a Strava export has.`,
      );
    }
    const { entries: zipEntries, unsafe } = await listZipEntries(archiveName, zipFile);
    const csvName = findActivitiesCsv(archiveName, zipEntries);
    const csvBytes = await readZipEntry(archiveName, zipFile, csvName, zipEntries.get(csvName)!, maxActivitiesCsvBytes);
    const activities = parseActivitiesCsv(archiveName, csvBytes);
    const baseDir = csvName.slice(0, -activitiesCsvName.length);
    const { entries, skipped } = matchActivityFiles(activities, zipEntries, baseDir);
    ensureWithinArchiveBudget(archiveName, [csvName, ...entries.map((entry) => entry.fileName)], zipEntries);
    return {
      entries,
      skipped,
      unsafeEntries: unsafe,
      readActivityFile: (fileName) => readListedFile(archiveName, zipFile, zipEntries, fileName),
      close: () => zipFile.close(),
    };
  } catch (error) {
    zipFile.close();
    throw error;
  }
}

async function openZip(archiveName: string, source: StravaArchiveSource): Promise<ZipFile> {
  // autoClose is off: entries are read after the directory listing has ended. Names are decoded
  // here rather than by yauzl, which fails the whole archive on one unsafe name (`../x`).
  const options = { autoClose: false, lazyEntries: true, decodeStrings: false };
  try {
    return 'filePath' in source
      ? await yauzl.openPromise(source.filePath, options)
      : await yauzl.fromBufferPromise(Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.byteLength), options);
  } catch (error) {
    if (isSystemError(error)) throw error;
    throw new ImportFileError('corrupt', `${archiveName} is not a valid zip archive.`, { cause: error });
  }
}

/** A missing or unreadable path is the server's problem, not a fault of the athlete's file. */
function isSystemError(error: unknown): boolean {
  return error instanceof Error && 'syscall' in error;
}

/** The archive's files by path, directory entries left out; and the names that are unsafe to use. */
async function listZipEntries(archiveName: string, zipFile: ZipFile): Promise<{ entries: Map<string, Entry>; unsafe: string[] }> {
  const entries = new Map<string, Entry>();
  const unsafe: string[] = [];
  try {
    for await (const entry of zipFile.eachEntry()) {
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
      if (yauzl.validateFileName(name) !== null || !isStorableText(name)) unsafe.push(isStorableText(name) ? name : storableText(name));
      else if (!name.endsWith('/')) entries.set(name, entry);
    }
  } catch (error) {
    throw new ImportFileError('corrupt', `${archiveName} is damaged: its list of files cannot be read.`, { cause: error });
  }
  return { entries, unsafe };
}

const activitiesCsvName = 'activities.csv';

/** activities.csv at the top, or inside the one folder an unzipped-and-rezipped export adds. */
function findActivitiesCsv(archiveName: string, entries: Map<string, Entry>): string {
  const candidates = [...entries.keys()].filter((name) => /^(?:[^/]+\/)?activities\.csv$/.test(name));
  const shallowest = candidates.sort((a, b) => a.length - b.length)[0];
  if (shallowest === undefined) {
    throw new ImportFileError(
      'unsupported',
      `${archiveName} is not a Strava export: it has no activities.csv. Download the archive from Strava's "Download or delete your account" page.`,
    );
  }
  return shallowest;
}

/**
 * Reads one entry in full. Its declared size was checked against `maxBytes`, and yauzl verifies
 * that the inflated data matches the declared size, so a lying entry cannot exceed the cap.
 */
async function readZipEntry(archiveName: string, zipFile: ZipFile, name: string, entry: Entry, maxBytes: number): Promise<Uint8Array> {
  if (entry.uncompressedSize > maxBytes) {
    throw new ImportFileError('too_large', `${name} in ${archiveName} is larger than the ${megabytes(maxBytes)} limit.`);
  }
  try {
    return await readStreamBytes(await zipFile.openReadStreamPromise(entry));
  } catch (error) {
    throw new ImportFileError('corrupt', `${name} in ${archiveName} cannot be read: the archive is damaged.`, {
      cause: error,
    });
  }
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 ** 2)} MB`;
}

function readListedFile(
  archiveName: string,
  zipFile: ZipFile,
  zipEntries: Map<string, Entry>,
  fileName: string,
): Promise<Uint8Array> {
  const entry = zipEntries.get(fileName);
  if (entry === undefined) {
    return Promise.reject(new ImportFileError('corrupt', `${fileName} is not in ${archiveName}.`));
  }
  return readZipEntry(archiveName, zipFile, fileName, entry, MAX_ACTIVITY_FILE_BYTES);
}

/** The columns Kairo reads; Strava repeats some names (a second 'Distance'…), the first one counts. */
const csvColumns = {
  activityId: 'Activity ID',
  name: 'Activity Name',
  type: 'Activity Type',
  fileName: 'Filename',
} as const;

type CsvActivity = StravaArchiveActivity & { fileName: string };

function parseActivitiesCsv(archiveName: string, csvBytes: Uint8Array): CsvActivity[] {
  const [header, ...rows] = parseCsvRows(archiveName, csvBytes);
  const position = (column: string) => {
    const index = header?.indexOf(column) ?? -1;
    if (index < 0) {
      throw new ImportFileError('unsupported', `activities.csv in ${archiveName} has no '${column}' column; is it a Strava export?`);
    }
    return index;
  };
  const columnIndex = {
    activityId: position(csvColumns.activityId),
    name: position(csvColumns.name),
    type: position(csvColumns.type),
    fileName: position(csvColumns.fileName),
  };
  return rows.flatMap((row) => {
    const cell = (index: number) => (row[index] ?? '').trim();
    const activityId = cell(columnIndex.activityId);
    if (activityId === '') return [];
    const type = cell(columnIndex.type);
    return [{ activityId, name: cell(columnIndex.name), type, sportType: sportTypeFromName(type), fileName: cell(columnIndex.fileName) }];
  });
}

function parseCsvRows(archiveName: string, csvBytes: Uint8Array): string[][] {
  try {
    // TextDecoder drops the byte-order mark Strava's CSV starts with.
    return parseCsv(new TextDecoder().decode(csvBytes), { relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    throw new ImportFileError('corrupt', `activities.csv in ${archiveName} is not a valid CSV file.`, { cause: error });
  }
}

/** Pairs each CSV row with its file; `baseDir` is the folder holding activities.csv ('' at the top). */
function matchActivityFiles(
  activities: CsvActivity[],
  zipEntries: Map<string, Entry>,
  baseDir: string,
): { entries: StravaArchiveEntry[]; skipped: SkippedStravaActivity[] } {
  const entries: StravaArchiveEntry[] = [];
  const skipped: SkippedStravaActivity[] = [];
  for (const { fileName, ...activity } of activities) {
    const skip = (reason: SkippedActivityReason, message: string) => skipped.push({ ...activity, reason, message });
    if (fileName === '') {
      skip('no_file', 'Entered by hand on Strava: there is no recorded file to import.');
      continue;
    }
    const path = baseDir + fileName.replace(/^\.?\//, '');
    const zipEntry = zipEntries.get(path);
    if (yauzl.validateFileName(path) !== null) {
      skip('unsafe_path', `${fileName} was skipped: its path leaves the archive.`);
    } else if (zipEntry === undefined) {
      skip('missing_file', `The archive does not contain ${fileName}.`);
    } else if (zipEntry.uncompressedSize > MAX_ACTIVITY_FILE_BYTES) {
      skip('too_large', `${fileName} is larger than ${megabytes(MAX_ACTIVITY_FILE_BYTES)}, the limit for one activity file.`);
    } else {
      entries.push({ ...activity, fileName: path });
    }
  }
  return { entries, skipped };
}

function ensureWithinArchiveBudget(archiveName: string, paths: string[], zipEntries: Map<string, Entry>): void {
  const totalBytes = paths.reduce((total, path) => total + (zipEntries.get(path)?.uncompressedSize ?? 0), 0);
  if (totalBytes > maxArchiveActivityBytes) {
    throw new ImportFileError(
      'too_large',
      `${archiveName} holds more than ${maxArchiveActivityBytes / 1024 ** 3} GB of activity files, the limit for one import.`,
    );
  }
}
