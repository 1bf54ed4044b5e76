import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { ActivityStreams } from '../../metrics/activity-streams.ts';

/**
 * Compact storage for activity streams. Each stream becomes a column of fixed-point integers
 * (the resolution below, far finer than any sensor), stored as zig-zag varint deltas after an
 * optional null bitmap; the whole buffer is then deflated. Consecutive samples differ little, so
 * an hour of 1 Hz data with every stream takes a few tens of kilobytes instead of megabytes of JSON.
 */
export const STREAM_CODEC_VERSION = 1;

type NumericKey = Exclude<keyof ActivityStreams, 'latlng' | FlagKey>;
/** Streams of true/false, stored as columns of 1 and 0. */
type FlagKey = 'moving' | 'active';

/** Fixed-point scale per stream: the stored value is round(value × scale). */
const SCALES: Record<NumericKey, number> = {
  timeS: 10,
  distanceM: 10,
  altitudeM: 10,
  heartrateBpm: 1,
  cadenceRpm: 1,
  powerW: 1,
  speedMps: 100,
  temperatureC: 10,
};
const LATLNG_SCALE = 1e6;

const NUMERIC_KEYS = Object.keys(SCALES) as NumericKey[];
/** A column's id is its place in this list: new columns go at the end, so stored streams still decode. */
const COLUMN_IDS = [...NUMERIC_KEYS, 'lat', 'lng', 'moving', 'active'] as const;
const FLAG_KEYS: readonly FlagKey[] = ['moving', 'active'];
type ColumnId = (typeof COLUMN_IDS)[number];

class ByteWriter {
  private buffer = new Uint8Array(4096);
  private length = 0;

  private ensure(extra: number) {
    if (this.length + extra <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + extra));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  byte(value: number) {
    this.ensure(1);
    this.buffer[this.length++] = value;
  }

  /** Unsigned LEB128; safe for integers up to 2^53. */
  varuint(value: number) {
    this.ensure(8);
    let rest = value;
    while (rest >= 0x80) {
      this.buffer[this.length++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.buffer[this.length++] = rest;
  }

  varint(value: number) {
    this.varuint(value >= 0 ? value * 2 : -value * 2 - 1);
  }

  bytes(values: Uint8Array) {
    this.ensure(values.length);
    this.buffer.set(values, this.length);
    this.length += values.length;
  }

  result(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}

class ByteReader {
  private offset = 0;
  private readonly buffer: Uint8Array;

  constructor(buffer: Uint8Array) {
    this.buffer = buffer;
  }

  byte(): number {
    if (this.offset >= this.buffer.length) throw new Error('stream data is truncated');
    return this.buffer[this.offset++] as number;
  }

  varuint(): number {
    let value = 0;
    let factor = 1;
    for (;;) {
      const byte = this.byte();
      value += (byte & 0x7f) * factor;
      if (byte < 0x80) return value;
      factor *= 0x80;
    }
  }

  varint(): number {
    const zigzag = this.varuint();
    return zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
  }

  bytes(count: number): Uint8Array {
    const slice = this.buffer.subarray(this.offset, this.offset + count);
    if (slice.length !== count) throw new Error('stream data is truncated');
    this.offset += count;
    return slice;
  }
}

function columnsOf(streams: ActivityStreams): Map<ColumnId, (number | null)[]> {
  const columns = new Map<ColumnId, (number | null)[]>();
  for (const key of NUMERIC_KEYS) {
    const values = streams[key];
    if (values) columns.set(key, values);
  }
  if (streams.latlng) {
    columns.set('lat', streams.latlng.map((point) => point?.[0] ?? null));
    columns.set('lng', streams.latlng.map((point) => point?.[1] ?? null));
  }
  for (const key of FLAG_KEYS) {
    const flags = streams[key];
    if (flags) columns.set(key, flags.map((flag) => (flag ? 1 : 0)));
  }
  return columns;
}

const scaleOf = (column: ColumnId) =>
  column === 'lat' || column === 'lng' ? LATLNG_SCALE : column === 'moving' || column === 'active' ? 1 : SCALES[column];

// Number.isFinite is false for null and undefined as well as for NaN and ±Infinity.
const isReading = (value: number | null | undefined): value is number => Number.isFinite(value);

export function encodeStreams(streams: ActivityStreams): Uint8Array {
  const sampleCount = streams.timeS.length;
  const columns = columnsOf(streams);
  const writer = new ByteWriter();
  writer.varuint(sampleCount);
  writer.varuint(columns.size);
  for (const [column, values] of columns) {
    if (values.length !== sampleCount) throw new Error(`stream ${column} has ${values.length} samples, expected ${sampleCount}`);
    writer.byte(COLUMN_IDS.indexOf(column));
    // Indexed loops: an iterator or a callback per sample allocates on every one of tens of thousands.
    let hasNulls = false;
    for (let index = 0; index < sampleCount && !hasNulls; index++) hasNulls = !isReading(values[index]);
    writer.byte(hasNulls ? 1 : 0);
    if (hasNulls) {
      const bitmap = new Uint8Array(Math.ceil(sampleCount / 8));
      for (let index = 0; index < sampleCount; index++) if (isReading(values[index])) bitmap[index >> 3]! |= 1 << (index & 7);
      writer.bytes(bitmap);
    }
    const scale = scaleOf(column);
    let previous = 0;
    for (let index = 0; index < sampleCount; index++) {
      const value = values[index];
      if (!isReading(value)) continue;
      const fixed = Math.round(value * scale);
      writer.varint(fixed - previous);
      previous = fixed;
    }
  }
  // Level 4: over the shared recordings' streams, 0.7 % more bytes than level 6 in half its time
  // (every activity of an archive import is packed in the one worker), inflated as fast.
  return deflateRawSync(writer.result(), { level: 4 });
}

/** Streams packed for storage, with what the stored row says of them: which streams, how many samples. */
export interface PackedStreams {
  sampleCount: number;
  /** The streams held, `timeS` aside. */
  keys: string[];
  data: Uint8Array;
}

export function packStreams(streams: ActivityStreams): PackedStreams {
  const keys = Object.keys(streams).filter((key) => key !== 'timeS' && streams[key as keyof ActivityStreams]);
  return { sampleCount: streams.timeS.length, keys, data: encodeStreams(streams) };
}

export function decodeStreams(packed: Uint8Array): ActivityStreams {
  const reader = new ByteReader(inflateRawSync(packed));
  const sampleCount = reader.varuint();
  const columnCount = reader.varuint();
  const columns = new Map<ColumnId, (number | null)[]>();
  for (let c = 0; c < columnCount; c += 1) {
    const column = COLUMN_IDS[reader.byte()];
    if (!column) throw new Error('unknown stream column');
    const bitmap = reader.byte() === 1 ? reader.bytes(Math.ceil(sampleCount / 8)) : null;
    const scale = scaleOf(column);
    const values: (number | null)[] = new Array(sampleCount);
    let previous = 0;
    for (let i = 0; i < sampleCount; i += 1) {
      if (bitmap && !((bitmap[i >> 3]! >> (i & 7)) & 1)) {
        values[i] = null;
        continue;
      }
      previous += reader.varint();
      values[i] = previous / scale;
    }
    columns.set(column, values);
  }

  const streams: ActivityStreams = { timeS: (columns.get('timeS') ?? []) as number[] };
  for (const key of NUMERIC_KEYS) {
    const values = columns.get(key);
    if (key !== 'timeS' && values) streams[key] = values;
  }
  const lat = columns.get('lat');
  const lng = columns.get('lng');
  if (lat && lng) {
    streams.latlng = lat.map((latitude, i) => {
      const longitude = lng[i];
      return latitude === null || longitude === null || longitude === undefined ? null : [latitude, longitude];
    });
  }
  for (const key of FLAG_KEYS) {
    const flags = columns.get(key);
    if (flags) streams[key] = flags.map((value) => value === 1);
  }
  return streams;
}
