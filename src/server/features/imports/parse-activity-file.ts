import { createHash, type Hash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { DEFAULT_ACTIVITY_FILE_LIMITS, MAX_ACTIVITY_FILE_BYTES, type ActivityFileLimits } from '../../../shared/api/imports.ts';
import { assembleParsedActivity } from './assemble-activity.ts';
import { isFitFile, readFit } from './fit.ts';
import { gpxReader, type ActivityTextReader } from './gpx.ts';
import { ImportFileError } from './import-file-error.ts';
import type { ActivityFileFormat, ParsedActivity, RecordedActivity } from './parsed-activity.ts';
import { isZipArchive } from './strava-archive.ts';
import { tcxReader } from './tcx.ts';
import { sniffXmlRootName, xmlTextDecoder } from './xml-document.ts';

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;

/** The root element is found within the prolog, which never needs more than this. */
const xmlSniffBytes = 64 * 1024;

const gzipMagic = [0x1f, 0x8b] as const;

/**
 * Parses one uploaded activity file (FIT, GPX or TCX, each optionally gzipped) into Kairo's activity
 * + streams model: one activity, or one per leg of a multisport FIT file (in the order recorded).
 * The format is recognised from the content, not the name: a FIT header, or an XML root of `gpx`
 * or `TrainingCenterDatabase`. `fileName` only labels messages. Throws ImportFileError, and
 * nothing else, for any file it cannot import.
 *
 * Memory stays bounded: gzip is unpacked as a stream and stopped as soon as it passes
 * `limits.maxUnpackedBytes`; GPX and TCX are parsed as they unpack, each track point becoming a
 * sample at once, so neither the unpacked text nor an XML tree of it is ever held whole, and a
 * file stops at its first point over `limits.maxPoints`. It is CPU work for a worker thread
 * (activity-file-parser.ts), not for the server's event loop.
 */
export async function parseActivityFiles(
  fileName: string,
  bytes: Uint8Array,
  limits: ActivityFileLimits = DEFAULT_ACTIVITY_FILE_LIMITS,
): Promise<ParsedActivity[]> {
  if (bytes.length === 0) throw new ImportFileError('empty', `${fileName} is empty.`);
  if (bytes.length > MAX_ACTIVITY_FILE_BYTES) {
    throw new ImportFileError('too_large', `${fileName} is larger than ${megabytes(MAX_ACTIVITY_FILE_BYTES)}, the limit for one activity file.`);
  }
  const content = new ContentReader(fileName, limits);
  if (isGzip(bytes)) {
    await gunzipInto(fileName, bytes, content);
    if (content.unpackedBytes === 0) throw new ImportFileError('empty', `${fileName} contains an empty file.`);
  } else {
    content.write(bytes);
  }
  const { format, recorded, contentHash } = content.finish();
  const pointCount = recorded.reduce((count, activity) => count + activity.samples.length, 0);
  if (pointCount > limits.maxPoints) throw tooManyPoints(fileName, limits.maxPoints);
  const legs = recorded.filter((activity) => activity.samples.length > 0);
  const assemble = (leg: RecordedActivity) => assembleParsedActivity(fileName, format, leg, contentHash, limits);
  if (legs.length <= 1) return [assemble(legs[0] ?? recorded[0]!)];
  return legs.map((leg, index) => ({ ...assemble(leg), leg: { index, count: legs.length } }));
}

/**
 * What makes an uploaded activity unique in the account: the file's hash, and for the second and
 * later legs of a multisport file, the leg's number after it.
 */
export function fileSourceKey(parsed: Pick<ParsedActivity, 'leg' | 'contentHash'>): string {
  return parsed.leg && parsed.leg.index > 0 ? `${parsed.contentHash}:leg${parsed.leg.index + 1}` : parsed.contentHash;
}

/** The first (usually the only) activity of a file: see `parseActivityFiles`. */
export async function parseActivityFile(fileName: string, bytes: Uint8Array, limits?: ActivityFileLimits): Promise<ParsedActivity> {
  return (await parseActivityFiles(fileName, bytes, limits))[0]!;
}

function tooManyPoints(fileName: string, maxPoints: number): ImportFileError {
  return new ImportFileError('too_large', `${fileName} has more than ${maxPoints.toLocaleString('en-GB')} track points, the limit for one activity file.`);
}

function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === gzipMagic[0] && bytes[1] === gzipMagic[1];
}

/** Gunzips as a stream into `content`, which stops it (by throwing) once it passes its limits. */
async function gunzipInto(fileName: string, bytes: Uint8Array, content: ContentReader): Promise<void> {
  try {
    await pipeline(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), createGunzip(), async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) content.write(chunk);
    });
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('corrupt', `${fileName} is not a valid gzip file.`, { cause: error });
  }
}

/**
 * The file's content as it arrives (unpacked): hashed, counted against the unpacked-size limit,
 * and, once its first bytes tell the format, handed on: GPX and TCX text to their streaming
 * reader, FIT bytes kept for the FIT decoder (which reads a whole buffer).
 */
class ContentReader {
  unpackedBytes = 0;
  private readonly hash: Hash = createHash('sha256');
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private target: { format: 'fit'; chunks: Uint8Array[] } | { format: 'gpx' | 'tcx'; decoder: TextDecoder; reader: ActivityTextReader } | null = null;

  private readonly fileName: string;
  private readonly limits: ActivityFileLimits;

  constructor(fileName: string, limits: ActivityFileLimits) {
    this.fileName = fileName;
    this.limits = limits;
  }

  write(chunk: Uint8Array): void {
    this.unpackedBytes += chunk.length;
    if (this.unpackedBytes > this.limits.maxUnpackedBytes) {
      throw new ImportFileError(
        'too_large',
        `${this.fileName} unpacks to more than ${megabytes(this.limits.maxUnpackedBytes)}, the limit for one activity file.`,
      );
    }
    this.hash.update(chunk);
    if (this.target) {
      this.deliver(chunk);
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes >= xmlSniffBytes) this.start();
  }

  finish(): { format: ActivityFileFormat; recorded: RecordedActivity[]; contentHash: string } {
    if (!this.target) this.start();
    const target = this.target!;
    const contentHash = this.hash.digest('hex');
    if (target.format === 'fit') return { format: 'fit', recorded: readFit(this.fileName, Buffer.concat(target.chunks)), contentHash };
    target.reader.write(target.decoder.decode());
    return { format: target.format, recorded: [target.reader.finish()], contentHash };
  }

  /** Decides the format from the first bytes, then hands them on. */
  private start(): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    if (isFitFile(head)) {
      this.target = { format: 'fit', chunks: [] };
    } else {
      const decoder = xmlTextDecoder(head);
      const xmlRootName = sniffXmlRootName(xmlTextDecoder(head).decode(head.subarray(0, xmlSniffBytes)));
      const maxPoints = this.limits.maxPoints;
      if (xmlRootName === 'gpx') this.target = { format: 'gpx', decoder, reader: gpxReader(this.fileName, maxPoints) };
      else if (xmlRootName === 'TrainingCenterDatabase') this.target = { format: 'tcx', decoder, reader: tcxReader(this.fileName, maxPoints) };
      else throw unsupportedContent(this.fileName, head, xmlRootName);
    }
    this.deliver(head);
  }

  private deliver(chunk: Uint8Array): void {
    const target = this.target!;
    if (target.format === 'fit') target.chunks.push(chunk);
    else target.reader.write(target.decoder.decode(chunk, { stream: true }));
  }
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
