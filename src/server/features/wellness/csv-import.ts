import { parse } from 'csv-parse/sync';
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

/** Thrown from the parser's callback to stop reading a file with too many bad rows. */
class TooManyBadRows extends Error {}

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

export function parseWellnessCsv(body: Buffer, latestDay: string): ParsedWellnessCsv {
  const errors: WellnessImportAnswer['errors'] = [];
  const reject = (line: number, message: string) => {
    errors.push({ line, message: shortened(message) });
    if (errors.length > WELLNESS_IMPORT_MAX_BAD_ROWS) throw new TooManyBadRows();
  };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(textOf(body), {
      info: true,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      skip_records_with_error: true,
      on_skip: (error) => {
        if (error) reject((error as { lines?: number }).lines ?? 0, error.message);
      },
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof TooManyBadRows) throw tooManyBadRows(errors);
    throw error;
  }
  const [header, ...dataRecords] = records;
  if (!header) throw new AppError('bad_request', 'The file is empty: the first line must name the columns, date first');
  const names = header.record.map(headerKey);
  if (names[0] !== 'date') throw new AppError('bad_request', `The first column must be "date", not ${quoted(header.record[0] ?? '')}`);

  const unknownColumns: string[] = [];
  const columns: { index: number; field: WellnessField }[] = [];
  names.forEach((name, index) => {
    if (index === 0) return;
    const field = COLUMN_BY_NAME.get(name);
    if (!field || columns.some((column) => column.field === field)) {
      // Listed as far as an answer stays small: a header of junk would otherwise be echoed whole.
      if (unknownColumns.length < WELLNESS_IMPORT_LISTED_ERRORS) unknownColumns.push(shortenedName(header.record[index] ?? name));
    } else {
      columns.push({ index, field });
    }
  });

  const rows: ParsedWellnessCsv['rows'] = [];
  const lineOfDate = new Map<string, number>();
  try {
    for (const { record, info } of dataRecords) {
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
  } catch (error) {
    if (error instanceof TooManyBadRows) throw tooManyBadRows(errors);
    throw error;
  }
  errors.sort((a, b) => a.line - b.line);
  return {
    fields: columns.map((column) => column.field),
    rows,
    unknownColumns,
    errors: errors.slice(0, WELLNESS_IMPORT_LISTED_ERRORS),
    errorCount: errors.length,
  };
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
