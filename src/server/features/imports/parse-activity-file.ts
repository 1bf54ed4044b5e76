import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { MAX_ACTIVITY_FILE_BYTES } from '../../../shared/api/imports.ts';
import { assembleParsedActivity } from './assemble-activity.ts';
import { isFitFile, readFit } from './fit.ts';
import { readGpx } from './gpx.ts';
import { ImportFileError } from './import-file-error.ts';
import type { ActivityFileFormat, ParsedActivity, RecordedActivity } from './parsed-activity.ts';
import { isZipArchive } from './strava-archive.ts';
import { readTcx } from './tcx.ts';
import { decodeXmlText, sniffXmlRootName } from './xml-document.ts';

const activityFileLimit = `${MAX_ACTIVITY_FILE_BYTES / 1024 ** 2} MB`;

/** The root element is found within the prolog, which never needs more than this. */
const xmlSniffBytes = 64 * 1024;

const gzipMagic = [0x1f, 0x8b] as const;

/**
 * Parses one uploaded activity file (FIT, GPX or TCX, each optionally gzipped) into Kairo's activity
 * + streams model: one activity, or one per leg of a multisport FIT file (in the order recorded).
 * The format is recognised from the content, not the name: a FIT header, or an XML root of `gpx`
 * or `TrainingCenterDatabase`. `fileName` only labels messages. Throws ImportFileError, and
 * nothing else, for any file it cannot import.
 */
export function parseActivityFiles(fileName: string, bytes: Uint8Array): ParsedActivity[] {
  const content = unpackedContent(fileName, bytes);
  const { format, recorded } = readActivityContent(fileName, content);
  const contentHash = sha256Hex(content);
  const legs = recorded.filter((activity) => activity.samples.length > 0);
  if (legs.length <= 1) return [assembleParsedActivity(fileName, format, legs[0] ?? recorded[0]!, contentHash)];
  return legs.map((leg, index) => ({
    ...assembleParsedActivity(fileName, format, leg, contentHash),
    leg: { index, count: legs.length },
  }));
}

/**
 * What makes an uploaded activity unique in the account: the file's hash, and for the second and
 * later legs of a multisport file, the leg's number after it.
 */
export function fileSourceKey(parsed: ParsedActivity): string {
  return parsed.leg && parsed.leg.index > 0 ? `${parsed.contentHash}:leg${parsed.leg.index + 1}` : parsed.contentHash;
}

/** The first (usually the only) activity of a file: see `parseActivityFiles`. */
export function parseActivityFile(fileName: string, bytes: Uint8Array): ParsedActivity {
  return parseActivityFiles(fileName, bytes)[0]!;
}

/** The file's bytes, gunzipped when they are gzip, within the size cap. */
function unpackedContent(fileName: string, bytes: Uint8Array): Uint8Array {
  if (bytes.length === 0) throw new ImportFileError('empty', `${fileName} is empty.`);
  if (bytes.length > MAX_ACTIVITY_FILE_BYTES) {
    throw new ImportFileError('too_large', `${fileName} is larger than ${activityFileLimit}, the limit for one activity file.`);
  }
  if (!isGzip(bytes)) return bytes;
  const content = gunzipActivityFile(fileName, bytes);
  if (content.length === 0) throw new ImportFileError('empty', `${fileName} contains an empty file.`);
  return content;
}

function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === gzipMagic[0] && bytes[1] === gzipMagic[1];
}

/** Gunzips with an output cap, so a small gzip bomb cannot fill memory. */
function gunzipActivityFile(fileName: string, bytes: Uint8Array): Uint8Array {
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_ACTIVITY_FILE_BYTES });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new ImportFileError(
        'too_large',
        `${fileName} unpacks to more than ${activityFileLimit}, the limit for one activity file.`,
        { cause: error },
      );
    }
    throw new ImportFileError('corrupt', `${fileName} is not a valid gzip file.`, { cause: error });
  }
}

function readActivityContent(
  fileName: string,
  content: Uint8Array,
): { format: ActivityFileFormat; recorded: RecordedActivity[] } {
  if (isFitFile(content)) return { format: 'fit', recorded: readFit(fileName, content) };
  const xmlRootName = sniffXmlRootName(decodeXmlText(content.subarray(0, xmlSniffBytes)));
  if (xmlRootName === 'gpx') return { format: 'gpx', recorded: [readGpx(fileName, decodeXmlText(content))] };
  if (xmlRootName === 'TrainingCenterDatabase') {
    return { format: 'tcx', recorded: [readTcx(fileName, decodeXmlText(content))] };
  }
  throw unsupportedContent(fileName, content, xmlRootName);
}

function unsupportedContent(fileName: string, content: Uint8Array, xmlRootName: string | null): ImportFileError {
  if (isZipArchive(content)) {
    return new ImportFileError(
      'unsupported',
      `${fileName} is a zip archive. Upload it as a Strava export archive, or upload the activity files inside it.`,
    );
  }
  if (xmlRootName !== null) {
    return new ImportFileError('unsupported', `${fileName} is an XML file but neither GPX nor TCX (its root is <${xmlRootName}>).`);
  }
  return new ImportFileError('unsupported', `${fileName} is not a FIT, GPX or TCX activity file.`);
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
