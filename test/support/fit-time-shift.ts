import { CrcCalculator, Profile } from '@garmin/fitsdk';

/**
 * Moves a real FIT recording in time, byte for byte otherwise: every date_time and local_date_time
 * field (and every message's timestamp, field 253) gains `shiftS` seconds, the file's CRC is
 * written again. What a device recorded (samples, developer fields, messages Kairo never reads)
 * stays as it was, so a bench can hold a thousand copies of a few real files that an importer
 * takes for a thousand activities, while the decoder has the same work on each.
 *
 * The shift must be a whole number of 65,536 s: the 16-bit rolling timestamps some devices write
 * (timestamp_16) and the 5-bit offsets of compressed timestamp headers count from the last full
 * timestamp's low bits, which such a shift leaves unchanged. Files whose CRC fails or whose
 * messages cannot be walked to the end (a damaged or cut recording) are refused: `null`.
 */
export const FIT_SHIFT_STEP_S = 65_536;

const INVALID_UINT32 = 0xffff_ffff;
const TIMESTAMP_FIELD = 253;

/** Field numbers holding a time, per global message number, from Garmin's profile. */
const timeFields: Map<number, Set<number>> = (() => {
  const byMessage = new Map<number, Set<number>>();
  for (const [num, message] of Object.entries(Profile.messages as Record<string, { fields: Record<string, { num: number; type: string }> }>)) {
    const fields = new Set<number>([TIMESTAMP_FIELD]);
    for (const field of Object.values(message.fields)) if (field.type === 'dateTime' || field.type === 'localDateTime') fields.add(field.num);
    byMessage.set(Number(num), fields);
  }
  return byMessage;
})();

interface Definition {
  littleEndian: boolean;
  /** Byte offset within the message of each 32-bit time field; the message's whole size. */
  timeOffsets: number[];
  size: number;
}

/** The file's first full timestamp, as a FIT time (seconds since 1989-12-31), or null. */
export function firstFitTimestamp(bytes: Uint8Array): number | null {
  let first: number | null = null;
  const walked = walk(bytes, (at) => {
    first ??= at.value();
    return false;
  });
  return walked ? first : null;
}

/** A copy of the FIT file moved by `shiftS` seconds (a multiple of FIT_SHIFT_STEP_S), or null when the file cannot be walked. */
export function shiftFitTime(bytes: Uint8Array, shiftS: number): Uint8Array | null {
  if (shiftS % FIT_SHIFT_STEP_S !== 0) throw new Error(`a FIT time shift must be a multiple of ${FIT_SHIFT_STEP_S} s, not ${shiftS}`);
  const copy = new Uint8Array(bytes);
  const walked = walk(copy, (at) => {
    const value = at.value();
    if (value === null) return false;
    at.write(value + shiftS);
    return true;
  });
  return walked ? copy : null;
}

/** One 32-bit time field of a data message: its value (null: the field holds FIT's invalid value), and a way to change it. */
interface TimeAt {
  value(): number | null;
  write(value: number): void;
}

/**
 * Walks each chained FIT file of `bytes` message by message, calling `visit` on every 32-bit time
 * field of every data message. When `visit` says it changed something, the file CRCs are written
 * again. False when a header, a definition or a CRC does not hold, or the messages overrun the data.
 */
function walk(bytes: Uint8Array, visit: (at: TimeAt) => boolean): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let start = 0;
  while (start < bytes.length) {
    const headerSize = bytes[start]!;
    if ((headerSize !== 12 && headerSize !== 14) || start + headerSize > bytes.length) return false;
    if (String.fromCharCode(...bytes.subarray(start + 8, start + 12)) !== '.FIT') return false;
    const dataSize = view.getUint32(start + 4, true);
    const end = start + headerSize + dataSize;
    if (end + 2 > bytes.length) return false;
    if (CrcCalculator.calculateCRC(bytes, start, end) !== view.getUint16(end, true)) return false;
    let changed = false;
    const definitions = new Map<number, Definition>();
    let at = start + headerSize;
    while (at < end) {
      const header = bytes[at]!;
      at += 1;
      if ((header & 0x80) === 0 && (header & 0x40) !== 0) {
        const definition = readDefinition(view, at, (header & 0x20) !== 0);
        if (!definition) return false;
        definitions.set(header & 0x0f, definition.definition);
        at = definition.next;
        continue;
      }
      const local = (header & 0x80) !== 0 ? (header >> 5) & 0x03 : header & 0x0f;
      const definition = definitions.get(local);
      if (!definition || at + definition.size > end) return false;
      for (const timeOffset of definition.timeOffsets) {
        const offset = at + timeOffset;
        const timeAt: TimeAt = {
          value: () => {
            const value = view.getUint32(offset, definition.littleEndian);
            return value === INVALID_UINT32 ? null : value;
          },
          write: (value) => view.setUint32(offset, value, definition.littleEndian),
        };
        changed = visit(timeAt) || changed;
      }
      at += definition.size;
    }
    if (at !== end) return false;
    if (changed) view.setUint16(end, CrcCalculator.calculateCRC(bytes, start, end), true);
    start = end + 2;
  }
  return true;
}

function readDefinition(view: DataView, at: number, developer: boolean): { definition: Definition; next: number } | null {
  if (at + 5 > view.byteLength) return null;
  const littleEndian = view.getUint8(at + 1) === 0;
  const messageNumber = view.getUint16(at + 2, littleEndian);
  const fieldCount = view.getUint8(at + 4);
  let next = at + 5;
  const fields = timeFields.get(messageNumber) ?? new Set([TIMESTAMP_FIELD]);
  const timeOffsets: number[] = [];
  let size = 0;
  for (let index = 0; index < fieldCount; index += 1) {
    if (next + 3 > view.byteLength) return null;
    const fieldNumber = view.getUint8(next);
    const fieldSize = view.getUint8(next + 1);
    if (fields.has(fieldNumber) && fieldSize === 4) timeOffsets.push(size);
    size += fieldSize;
    next += 3;
  }
  if (developer) {
    if (next + 1 > view.byteLength) return null;
    const developerCount = view.getUint8(next);
    next += 1;
    for (let index = 0; index < developerCount; index += 1) {
      if (next + 3 > view.byteLength) return null;
      size += view.getUint8(next + 1);
      next += 3;
    }
  }
  return { definition: { littleEndian, timeOffsets, size }, next };
}
