import { Decoder, Stream } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import { normalizedPower, outdoorPowerRide, PRESETS, shortRun, TRUTH_CONVENTIONS } from '../../tools/recordings/index.ts';
import { START } from './recordings-compare.ts';

/** Kairo's generated recordings (ADR 0062): deterministic, well-formed, and truths that hold together. */

const isFit = (bytes: Buffer) => bytes.subarray(8, 12).toString('latin1') === '.FIT';

describe('generated recordings', () => {
  for (const [name, preset] of Object.entries(PRESETS)) {
    it(`${name}: same options give the same bytes and truth`, () => {
      const a = preset.make({ start: START });
      const b = preset.make({ start: START });
      expect(a.bytes.equals(b.bytes)).toBe(true);
      expect(b.truth).toEqual(a.truth);
      // The caller's start, or a few seconds before it for a watch recording before the gun (multisport).
      expect(START.getTime() - Date.parse(a.truth.startDate)).toBeGreaterThanOrEqual(0);
      expect(START.getTime() - Date.parse(a.truth.startDate)).toBeLessThanOrEqual(60_000);
    });

    it(`${name}: decodes (FIT with the SDK and its CRC unless damaged on purpose; XML with its root)`, () => {
      const { bytes, fileName, truth } = preset.make({ start: START });
      if (fileName.endsWith('.fit')) {
        expect(isFit(bytes)).toBe(true);
        const decoder = new Decoder(Stream.fromBuffer(bytes));
        if (preset.damaged && fileName === 'truncated.fit') {
          expect(decoder.checkIntegrity()).toBe(false);
          return;
        }
        expect(decoder.checkIntegrity()).toBe(true);
        const { messages, errors } = decoder.read();
        expect(errors).toEqual([]);
        expect(messages.recordMesgs?.length).toBe(fileName === 'chained.fit' ? truth.legs!.reduce((n, leg) => n + leg.sampleCount, 0) : truth.sampleCount);
        expect(messages.sessionMesgs?.length).toBeGreaterThan(0);
      } else {
        const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
        expect(text.startsWith('<?xml')).toBe(true);
        expect(text).toMatch(fileName.endsWith('.tcx') ? /<TrainingCenterDatabase[\s\S]*<\/TrainingCenterDatabase>/ : /<gpx[\s\S]*<\/gpx>/);
      }
    });

    it(`${name}: its truth holds together`, () => {
      const { truth } = preset.make({ start: START });
      for (const figures of [truth, ...(truth.legs ?? [])]) {
        expect(figures.movingTimeS).toBeLessThanOrEqual(figures.elapsedTimeS);
        if (figures.averagePowerW !== null) expect(figures.normalizedPowerW!).toBeGreaterThanOrEqual(figures.averagePowerW - 0.1);
        if (figures.averageHeartrateBpm !== null) expect(figures.maxHeartrateBpm!).toBeGreaterThanOrEqual(figures.averageHeartrateBpm);
        expect(figures.sampleCount).toBeGreaterThan(0);
      }
    });
  }

  it('a different seed gives a different recording', () => {
    expect(outdoorPowerRide({ start: START, seed: 1 }).bytes.equals(outdoorPowerRide({ start: START, seed: 2 }).bytes)).toBe(false);
  });

  it('the start is the caller’s: a later start moves every time, not the figures', () => {
    const later = new Date(START.getTime() + 86_400_000);
    const a = shortRun({ start: START }).truth;
    const b = shortRun({ start: later }).truth;
    expect(b.startDate).toBe(later.toISOString());
    expect({ ...b, startDate: a.startDate }).toEqual(a);
  });

  it('the three short-run formats describe the same run', () => {
    const [fit, gpx, tcx] = (['fit', 'gpx', 'tcx'] as const).map((format) => shortRun({ start: START }, format).truth);
    expect(fit!.elapsedTimeS).toBe(222);
    expect(fit!.movingTimeS).toBe(190);
    expect(gpx!.distanceM).toBe(fit!.distanceM);
    expect(tcx!.averageHeartrateBpm).toBe(fit!.averageHeartrateBpm);
  });

  it('normalized power: steady power is its own NP; a 30 s rolling mean weights surges', () => {
    expect(normalizedPower(Array(120).fill(200))).toBeCloseTo(200, 6);
    const surges = Array.from({ length: 600 }, (_, i) => (Math.floor(i / 60) % 2 === 0 ? 100 : 300));
    expect(normalizedPower(surges)!).toBeGreaterThan(200);
    expect(normalizedPower(Array(29).fill(200))).toBeNull();
  });

  it('documents the convention of every truth figure', () => {
    for (const figure of ['elapsedTimeS', 'movingTimeS', 'distanceM', 'averagePowerW', 'normalizedPowerW', 'averageHeartrateBpm', 'elevationGainM', 'deviceTotalAscentM', 'laps']) {
      expect(TRUTH_CONVENTIONS).toHaveProperty(figure);
    }
  });
});
