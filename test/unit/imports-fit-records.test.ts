import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CrcCalculator, Profile } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import { readFit } from '../../src/server/features/imports/fit.ts';
import { fitCrc, readFitRecords, readRecordFieldTypes } from '../../src/server/features/imports/fit-records.ts';
import { PRESETS } from '../../tools/recordings/index.ts';
import { describeWithFixtures } from '../support/fixture-suites.ts';
import { sharedFixturePath } from '../support/shared-fixtures.ts';

/**
 * Kairo's own reader of FIT records (fit-records.ts, ADR 0101) against Garmin's SDK reading the
 * same file: every activity `readFit` makes must be the same, to the last digit, either way.
 */

/** What `readFit` makes of the file, as JSON (so that -0, key order and absent fields count), or its refusal. */
function reading(bytes: Uint8Array, ownRecords: boolean): string {
  try {
    return JSON.stringify(readFit('activity.fit', bytes, { ownRecords }));
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
}

describe('the FIT record reader against the SDK, on recordings Kairo generates', () => {
  const start = new Date('2023-06-10T07:00:00Z');
  const fitPresets = Object.entries(PRESETS)
    .map(([name, preset]) => ({ name, recording: preset.make({ start }) }))
    .filter(({ recording }) => recording.fileName.toLowerCase().endsWith('.fit'));

  it.each(fitPresets.map(({ name, recording }) => [name, recording] as const))('%s reads the same', (_name, recording) => {
    const bytes = new Uint8Array(recording.bytes);
    const own = reading(bytes, true);
    expect(own).not.toMatch(/^refused/);
    expect(own).toBe(reading(bytes, false));
  });

  it('reads every intact file itself, a chain of two included, and leaves the cut-short file to the SDK', () => {
    const leftToSdk = fitPresets.filter(({ recording }) => readFitRecords(new Uint8Array(recording.bytes)) === null).map(({ name }) => name);
    expect(leftToSdk).toEqual(['truncatedFit']);
    expect(fitPresets.length).toBeGreaterThan(15);
  });
});

describeWithFixtures('the FIT record reader against the SDK, on the shared real recordings', () => {
  const files = fitFilesUnder(sharedFixturePath('.'));

  it('reads every file as the SDK does, and reads most of them itself', () => {
    let own = 0;
    for (const path of files) {
      const raw = new Uint8Array(readFileSync(path));
      const bytes = path.toLowerCase().endsWith('.gz') ? new Uint8Array(gunzipSync(raw)) : raw;
      if (readFitRecords(bytes) !== null) own++;
      expect(reading(bytes, true), path).toBe(reading(bytes, false));
    }
    expect(files.length).toBeGreaterThan(20);
    // The rest are cut short, damaged, or have compressed speed and distance.
    expect(own / files.length).toBeGreaterThan(0.9);
  });
});

describe('the FIT record reader against the SDK, on damaged copies of generated recordings', () => {
  it('reads or refuses each copy as the SDK does (bytes changed, CRC made to agree)', () => {
    // A fixed sequence (no clock, no Math.random): the same copies in every run.
    let seed = 20261202;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const start = new Date('2023-06-10T07:00:00Z');
    const originals = ['developerPowerRun', 'outdoorPowerRide', 'poolSwim', 'multisportTriathlon', 'chainedFit'].map((name) => new Uint8Array(PRESETS[name]!.make({ start }).bytes));
    let refused = 0;
    for (let copy = 0; copy < 160; copy++) {
      const bytes = new Uint8Array(originals[copy % originals.length]!);
      const dataEnd = bytes.length - 2;
      // Most changes land in the first few hundred bytes, where the definitions are.
      for (let change = 0; change < 1 + Math.floor(next() * 3); change++) {
        const span = next() < 0.6 ? Math.min(600, dataEnd - 14) : dataEnd - 14;
        bytes[14 + Math.floor(next() * span)] = Math.floor(next() * 256);
      }
      new DataView(bytes.buffer).setUint16(dataEnd, CrcCalculator.calculateCRC(bytes, 0, dataEnd), true);
      const own = reading(bytes, true);
      if (own.startsWith('refused')) refused++;
      expect(own, `copy ${copy}`).toBe(reading(bytes, false));
    }
    // Both kinds of outcome were compared.
    expect(refused).toBeGreaterThan(10);
    expect(refused).toBeLessThan(150);
  });
});

function fitFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return fitFilesUnder(path);
    return /\.fit(\.gz)?$/i.test(entry.name) ? [path] : [];
  });
}

/** A FIT file written byte by byte, for what the SDK's encoder does not write (big-endian, odd sizes, compressed headers). */
type Field = { num: number; base: number; size: number; value: number };
const uint8 = 0x02;
const sint8 = 0x01;
const uint16 = 0x84;
const uint32 = 0x86;
const sint32 = 0x85;
const enumType = 0x00;
const fitEpochS = Date.UTC(1989, 11, 31) / 1000;

function fitFile(messages: number[][]): Uint8Array {
  const data = messages.flat();
  const bytes = new Uint8Array(14 + data.length + 2);
  const view = new DataView(bytes.buffer);
  bytes.set([14, 0x20], 0);
  view.setUint16(2, 2195, true);
  view.setUint32(4, data.length, true);
  bytes.set([0x2e, 0x46, 0x49, 0x54], 8);
  bytes.set(data, 14);
  view.setUint16(14 + data.length, CrcCalculator.calculateCRC(bytes, 0, 14 + data.length), true);
  return bytes;
}

function definition(local: number, mesgNum: number, fields: Field[], bigEndian = false): number[] {
  const bytes = [0x40 | local, 0, bigEndian ? 1 : 0, ...(bigEndian ? [mesgNum >> 8, mesgNum & 0xff] : [mesgNum & 0xff, mesgNum >> 8]), fields.length];
  for (const field of fields) bytes.push(field.num, field.size, field.base);
  return bytes;
}

function data(header: number, fields: Field[], bigEndian = false): number[] {
  const out = [header];
  for (const { base, size, value } of fields) {
    const bytes = new Uint8Array(size);
    const view = new DataView(bytes.buffer);
    const little = !bigEndian;
    for (let at = 0; at < size; at += size === 2 && base === uint8 ? 1 : size) {
      if (base === sint8) view.setInt8(at, value);
      else if (base === uint8 || base === enumType) view.setUint8(at, value);
      else if (base === uint16) view.setUint16(at, value, little);
      else if (base === sint32) view.setInt32(at, value, little);
      else view.setUint32(at, value, little);
    }
    out.push(...bytes);
  }
  return out;
}

const fileId: Field[] = [{ num: 0, base: enumType, size: 1, value: 4 }]; // type: activity

function record(seconds: number, values: Partial<Record<'lat' | 'lng' | 'altitude' | 'hr' | 'speed' | 'power' | 'temperature' | 'enhancedSpeed', number>>): Field[] {
  return [
    { num: 253, base: uint32, size: 4, value: Date.UTC(2024, 4, 1, 8) / 1000 - fitEpochS + seconds },
    { num: 0, base: sint32, size: 4, value: values.lat ?? 0x7fffffff },
    { num: 1, base: sint32, size: 4, value: values.lng ?? 0x7fffffff },
    { num: 2, base: uint16, size: 2, value: values.altitude ?? 0xffff },
    { num: 3, base: uint8, size: 1, value: values.hr ?? 0xff },
    { num: 6, base: uint16, size: 2, value: values.speed ?? 0xffff },
    { num: 7, base: uint16, size: 2, value: values.power ?? 0xffff },
    { num: 13, base: sint8, size: 1, value: values.temperature ?? 0x7f },
    { num: 73, base: uint32, size: 4, value: values.enhancedSpeed ?? 0xffffffff },
  ];
}

function rideFile(records: Field[][], { bigEndian = false } = {}): Uint8Array {
  return fitFile([definition(0, 0, fileId), data(0, fileId), definition(1, 20, records[0]!, bigEndian), ...records.map((fields) => data(1, fields, bigEndian))]);
}

describe('the FIT record reader, on files written byte by byte', () => {
  const records = [
    record(0, { lat: 0x20000000, lng: -0x10000000, altitude: 3000, hr: 151, speed: 2500, power: 291, temperature: -5, enhancedSpeed: 9999 }),
    record(1, { hr: 152, enhancedSpeed: 2750, power: 0 }),
    record(2, {}),
  ];

  for (const bigEndian of [false, true]) {
    it(`reads each field's value, absent where it holds its invalid value (${bigEndian ? 'big' : 'little'}-endian)`, () => {
      const bytes = rideFile(records, { bigEndian });
      const read = readFitRecords(bytes);
      expect(read).not.toBeNull();
      expect(read!.samples).toEqual([
        {
          timeMs: Date.UTC(2024, 4, 1, 8),
          latlng: [45, -22.5],
          altitudeM: 100,
          distanceM: null,
          heartrateBpm: 151,
          cadenceRpm: null,
          powerW: 291,
          // Speed expands into the enhanced field over the enhanced value recorded beside it, as the SDK reads it.
          speedMps: 2.5,
          temperatureC: -5,
        },
        { timeMs: Date.UTC(2024, 4, 1, 8, 0, 1), latlng: null, altitudeM: null, distanceM: null, heartrateBpm: 152, cadenceRpm: null, powerW: 0, speedMps: 2.75, temperatureC: null },
        { timeMs: Date.UTC(2024, 4, 1, 8, 0, 2), latlng: null, altitudeM: null, distanceM: null, heartrateBpm: null, cadenceRpm: null, powerW: null, speedMps: null, temperatureC: null },
      ]);
      expect(read!.nativePower).toBe(true);
      expect(read!.messages.fileIdMesgs?.[0]?.type).toBe('activity');
      expect(reading(bytes, true)).toBe(reading(bytes, false));
    });
  }

  it('leaves a file with a compressed-timestamp header to the SDK, which refuses it as before', () => {
    const fields = record(0, { hr: 140 });
    // Local message 2 (two bits in a compressed header), its time 3 s on from the last timestamp.
    const compressed = [0x80 | (2 << 5) | 3, ...data(0, fields.slice(1)).slice(1)];
    const bytes = fitFile([definition(0, 0, fileId), data(0, fileId), definition(1, 20, fields), data(1, fields), definition(2, 20, fields.slice(1)), compressed]);
    expect(readFitRecords(bytes)).toBeNull();
    expect(reading(bytes, true)).toMatch(/^refused: activity\.fit is not a valid FIT file/);
    expect(reading(bytes, true)).toBe(reading(bytes, false));
  });

  it("merges a strap's heart rates (hr messages in a second file of the chain) into the records as the SDK does", () => {
    const t0 = Date.UTC(2024, 4, 1, 8) / 1000 - fitEpochS;
    const watch = [0, 1, 2, 3].map((seconds) => record(seconds, { hr: 100 }));
    const watchFile = rideFile(watch);
    // The strap: 150 bpm at the record's first second (an anchor: a time and an event time of 0),
    // then 152 and 154 one and two seconds on (event times in 1/1024 s, two to a message).
    const anchor: Field[] = [
      { num: 253, base: uint32, size: 4, value: t0 },
      { num: 9, base: uint32, size: 4, value: 0 },
      { num: 6, base: uint8, size: 1, value: 150 },
    ];
    const deltas = [0x40 | 3, 0, 0, 132, 0, 2, 9, 8, uint32, 6, 2, uint8];
    const deltaData = [3, ...new Uint8Array(new Uint32Array([1024, 2048]).buffer), 152, 154];
    const strapFile = fitFile([definition(2, 132, anchor), data(2, anchor), deltas, deltaData]);
    const chained = new Uint8Array([...watchFile, ...strapFile]);

    const read = readFitRecords(chained);
    expect(read).not.toBeNull();
    // A record takes the mean of the strap's readings since the record before (the SDK fills a gap
    // of up to 5 s in quarter seconds with the reading before it: 150 ×3 and 152 give 151), written
    // once a later reading closes its span; the strap's last span is never closed, so the records
    // from there on keep the watch's own 100.
    expect(read!.samples.map((sample) => sample.heartrateBpm)).toEqual([150, 151, 100, 100]);
    expect(reading(chained, true)).toBe(reading(chained, false));
  });

  it("leaves strap heart rates the SDK's merge cannot read to the SDK, which refuses the file as before", () => {
    // A delta message (event times, no anchor time before it): the SDK's merge fails on it.
    const deltas = [0x40 | 3, 0, 0, 132, 0, 2, 9, 8, uint32, 6, 2, uint8];
    const deltaData = [3, ...new Uint8Array(new Uint32Array([1024, 2048]).buffer), 152, 154];
    for (const watch of [records, [record(0, { hr: 100 }).map((field) => (field.num === 253 ? { ...field, value: 0xffffffff } : field))]]) {
      const chained = new Uint8Array([...rideFile(watch), ...fitFile([deltas, deltaData])]);
      expect(readFitRecords(chained)).toBeNull();
      expect(reading(chained, true)).toMatch(/^refused/);
      expect(reading(chained, true)).toBe(reading(chained, false));
    }
  });

  it('leaves a header whose CRC fails (the file is then marked damaged) and a field of another size to the SDK', () => {
    const badHeader = rideFile(records);
    new DataView(badHeader.buffer).setUint16(12, 0x1234, true);
    expect(readFitRecords(badHeader)).toBeNull();
    expect(reading(badHeader, true)).toBe(reading(badHeader, false));

    const wideHr = record(0, { power: 250 }).map((field) => (field.num === 3 ? { ...field, size: 2, value: 150 } : field));
    const wide = rideFile([wideHr]);
    expect(readFitRecords(wide)).toBeNull();
    expect(reading(wide, true)).toBe(reading(wide, false));
    expect(JSON.parse(reading(wide, true))[0].samples[0].heartrateBpm).toBe(150);
  });

  it('leaves a file whose CRC fails to the SDK and its damage rules', () => {
    const bytes = rideFile(records);
    bytes[bytes.length - 1] = bytes.at(-1)! ^ 0xff;
    expect(readFitRecords(bytes)).toBeNull();
    expect(reading(bytes, true)).toBe(reading(bytes, false));
  });

  it('computes the CRC the SDK computes', () => {
    let seed = 99;
    const bytes = Uint8Array.from({ length: 4096 }, () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24);
    for (const [start, end] of [[0, 0], [0, 1], [0, 14], [3, 4096], [0, 4096]] as const) {
      expect(fitCrc(bytes, start, end), `${start}..${end}`).toBe(CrcCalculator.calculateCRC(bytes, start, end));
    }
    const file = rideFile(records);
    expect(fitCrc(file, 0, file.length - 2)).toBe(new DataView(file.buffer).getUint16(file.length - 2, true));
  });

  it('reads the fields the FIT profile defines, with the profile\'s base types', () => {
    const profileRecord = (Profile as unknown as { messages: Record<number, { fields: Record<number, { type: string; baseType: string }> }> }).messages[20]!;
    const baseNames: Record<number, string> = { 0x01: 'sint8', 0x02: 'uint8', 0x04: 'uint16', 0x05: 'sint32', 0x06: 'uint32' };
    for (const { num, base } of readRecordFieldTypes) expect(profileRecord.fields[num]?.baseType, `record field ${num}`).toBe(baseNames[base]);
  });
});
