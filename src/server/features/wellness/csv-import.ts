import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import {
  EARLIEST_WELLNESS_DAY,
  WELLNESS_CSV_COLUMNS,
  WELLNESS_IMPORT_LISTED_ERRORS,
  WELLNESS_IMPORT_MAX_BAD_ROWS,
  isCalendarDay,
  wellnessFields,
  type WellnessField,
  type WellnessImportAnswer,
} from '../../../shared/api/wellness.ts';
import { AppError } from '../../http/errors.ts';
import type { WellnessValues } from './repo.ts';

/**
 * Reads a wellness CSV (README "Wellness CSV"): a header row, the date in the first column, then
 * any of the documented columns in any order. A cell is checked with the same rules as the
 * check-in form; a row with a bad date or value is reported by its line and left out, the rest is
 * kept. An empty cell is a value not recorded (null). A day is one the check-in routes take too
 * (EARLIEST_WELLNESS_DAY up to `latestDay`). The answer lists the first WELLNESS_IMPORT_LISTED_ERRORS
 * rows left out; past WELLNESS_IMPORT_MAX_BAD_ROWS the reading stops and the file is refused.
 *
 * The text is read as a stream, PARSE_CHUNK_CHARS at a time, with a turn of the event loop between
 * chunks: a 2 MB file of tens of thousands of rows never holds other requests (ADR 0037).
 */
export interface ParsedWellnessCsv {
  fields: WellnessField[];
  rows: ({ date: string } & Partial<WellnessValues>)[];
  unknownColumns: string[];
  /** The first rows left out, by line. */
  errors: WellnessImportAnswer['errors'];
  /** Rows left out in all. */
  errorCount: number;
}

/** A row error quotes at most this much of the file, so an answer stays small whatever the cells hold. */
const QUOTED_CHARS = 40;
const MESSAGE_CHARS = 200;

const quoted = (text: string) => JSON.stringify(text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text);
const shortenedName = (name: string) => (name.length > QUOTED_CHARS ? `${name.slice(0, QUOTED_CHARS)}…` : name);
const shortened = (message: string) => (message.length > MESSAGE_CHARS ? `${message.slice(0, MESSAGE_CHARS)}…` : message);

/** Characters handed to the CSV reader at a time; the event loop gets a turn between two of them. */
export const PARSE_CHUNK_CHARS = 16 * 1024;

/** The text in chunks, a turn of the event loop before each one after the first; stops early once `stop()` says so. */
async function* chunksOf(text: string, stop: () => boolean): AsyncGenerator<string> {
  for (let start = 0; start < text.length; start += PARSE_CHUNK_CHARS) {
    if (start > 0) await nextTurn();
    if (stop()) return;
    yield text.slice(start, start + PARSE_CHUNK_CHARS);
  }
}

function tooManyBadRows(errors: WellnessImportAnswer['errors']): AppError {
  const first = [...errors].sort((a, b) => a.line - b.line)[0];
  return new AppError(
    'bad_request',
    `More than ${WELLNESS_IMPORT_MAX_BAD_ROWS.toLocaleString('en-US')} rows of the file could not be read, so it was not imported ` +
      `and nothing was changed${first ? ` (line ${first.line}: ${first.message})` : ''}. Is it a wellness CSV (README "Wellness CSV")?`,
  );
}

const COLUMN_BY_NAME = new Map<string, WellnessField>(
  (Object.entries(WELLNESS_CSV_COLUMNS) as [WellnessField, string[]][]).flatMap(([field, names]) => names.map((name) => [name, field] as const)),
);

const headerKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** A date cell: 'YYYY-MM-DD', optionally followed by a time ('2025-03-01T07:12:00', '2025-03-01 07:12'), as other apps export. */
function dateOf(cell: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.+\-Z]*)?$/.exec(cell.trim());
  return match?.[1] && isCalendarDay(match[1]) ? match[1] : null;
}

/** The file as text, or a 400 when it is not text (a binary file renamed .csv, a spreadsheet). */
function textOf(body: Buffer): string {
  if (body.includes(0)) throw new AppError('bad_request', 'The file is not a CSV text file');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new AppError('bad_request', 'The file is not a CSV text file (it must be UTF-8 text)');
  }
}

export async function parseWellnessCsv(body: Buffer, latestDay: string): Promise<ParsedWellnessCsv> {
  const text = textOf(body);
  const errors: WellnessImportAnswer['errors'] = [];
  const reject = (line: number, message: string) => {
    errors.push({ line, message: shortened(message) });
  };
  const tooMany = () => errors.length > WELLNESS_IMPORT_MAX_BAD_ROWS;

  let header: string[] | undefined;
  const unknownColumns: string[] = [];
  const columns: { index: number; field: WellnessField }[] = [];
  const rows: ParsedWellnessCsv['rows'] = [];
  const lineOfDate = new Map<string, number>();

  const source = Readable.from(chunksOf(text, tooMany), { objectMode: false });
  const parser = source.pipe(
    parse({
      info: true,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      skip_records_with_error: true,
      on_skip: (error) => {
        if (error) reject((error as { lines?: number }).lines ?? 0, error.message);
      },
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (tooMany()) break;
      if (!header) {
        header = record;
        readHeader(header, columns, unknownColumns);
        continue;
      }
      const line = info.lines;
      const date = dateOf(record[0] ?? '');
      if (!date) {
        reject(line, `${quoted(record[0] ?? '')} is not a date written YYYY-MM-DD`);
        continue;
      }
      if (date > latestDay) {
        reject(line, `${date} is in the future`);
        continue;
      }
      if (date < EARLIEST_WELLNESS_DAY) {
        reject(line, `${date} is before ${EARLIEST_WELLNESS_DAY}, the earliest day Kairo keeps`);
        continue;
      }
      const earlier = lineOfDate.get(date);
      if (earlier !== undefined) {
        reject(line, `${date} is already on line ${earlier}`);
        continue;
      }
      const row = readRow(record, columns);
      if ('error' in row) {
        reject(line, row.error);
        continue;
      }
      lineOfDate.set(date, line);
      rows.push({ date, ...row.values });
    }
  } finally {
    source.destroy();
    parser.destroy();
  }
  if (tooMany()) throw tooManyBadRows(errors);
  if (!header) throw new AppError('bad_request', 'The file is empty: the first line must name the columns, date first');
  errors.sort((a, b) => a.line - b.line);
  return {
    fields: columns.map((column) => column.field),
    rows,
    unknownColumns,
    errors: errors.slice(0, WELLNESS_IMPORT_LISTED_ERRORS),
    errorCount: errors.length,
  };
}

/** The header row: the date first, then the columns Kairo reads (the first of each) and those it does not. */
function readHeader(header: string[], columns: { index: number; field: WellnessField }[], unknownColumns: string[]): void {
  const names = header.map(headerKey);
  if (names[0] !== 'date') throw new AppError('bad_request', `The first column must be "date", not ${quoted(header[0] ?? '')}`);
  names.forEach((name, index) => {
    if (index === 0) return;
    const field = COLUMN_BY_NAME.get(name);
    if (!field || columns.some((column) => column.field === field)) {
      // Listed as far as an answer stays small: a header of junk would otherwise be echoed whole.
      if (unknownColumns.length < WELLNESS_IMPORT_LISTED_ERRORS) unknownColumns.push(shortenedName(header[index] ?? name));
    } else {
      columns.push({ index, field });
    }
  });
}

function readRow(record: string[], columns: { index: number; field: WellnessField }[]): { values: Partial<WellnessValues> } | { error: string } {
  const values: Record<string, unknown> = {};
  for (const { index, field } of columns) {
    const cell = (record[index] ?? '').trim();
    if (cell === '') {
      values[field] = null;
      continue;
    }
    let value: unknown = cell;
    if (field !== 'note') {
      value = Number(cell);
      if (!Number.isFinite(value)) return { error: `${field}: ${quoted(cell)} is not a number` };
    }
    const checked = wellnessFields[field].safeParse(value);
    if (!checked.success) return { error: checked.error.issues[0]?.message ?? `${field} is not valid` };
    values[field] = checked.data ?? null;
  }
  return { values: values as Partial<WellnessValues> };
}
