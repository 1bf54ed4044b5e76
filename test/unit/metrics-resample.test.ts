import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeWithFixtures } from '../support/fixture-suites.ts';
import type { ActivityStreams } from '../../src/metrics/activity-streams.ts';
import {
  computeMovingTimeS,
  computeRecordedTimeS,
  detectPauseThresholdS,
  resampleTo1Hz,
} from '../../src/metrics/resample.ts';
import { loadStravaPowerRide } from './support/strava-ride-fixture.ts';

const PAUSE_S = 10;

/** Irregular recordings: integer timestamps with gaps from 1 s to well past the pause threshold. */
const irregularRecording = fc
  .array(
    fc.record({
      gapS: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 40 })),
      powerW: fc.option(fc.integer({ min: 0, max: 1500 }), { nil: null, freq: 8 }),
      heartrateBpm: fc.option(fc.integer({ min: 60, max: 200 }), { nil: null, freq: 8 }),
    }),
    { minLength: 1, maxLength: 60 },
  )
  .chain((samples) =>
    fc.integer({ min: 0, max: 100 }).map((startS) => {
      let t = startS;
      const timeS = samples.map((sample, i) => (i === 0 ? t : (t += sample.gapS)));
      const streams: ActivityStreams = {
        timeS,
        powerW: samples.map((s) => s.powerW),
        heartrateBpm: samples.map((s) => s.heartrateBpm),
      };
      return streams;
    }),
  );

describe('resampleTo1Hz', () => {
  it('puts one sample on every second from the first to the last (property)', () => {
    fc.assert(
      fc.property(irregularRecording, (streams) => {
        const series = resampleTo1Hz(streams, { pauseThresholdS: PAUSE_S });
        const durationS = streams.timeS.at(-1)! - streams.timeS[0]!;
        expect(series.startS).toBe(streams.timeS[0]);
        for (const channel of [series.recorded, series.moving, series.powerW ?? [], series.heartrateBpm ?? []]) {
          expect([0, durationS + 1]).toContain(channel.length);
        }
        expect(series.recorded).toHaveLength(durationS + 1);
      }),
    );
  });

  it('keeps every reading at its own second (property)', () => {
    fc.assert(
      fc.property(irregularRecording, (streams) => {
        const series = resampleTo1Hz(streams, { pauseThresholdS: PAUSE_S });
        streams.timeS.forEach((tS, i) => {
          const k = tS - series.startS;
          if (streams.powerW![i] !== null) expect(series.powerW![k]).toBe(streams.powerW![i]);
          if (streams.heartrateBpm![i] !== null) expect(series.heartrateBpm![k]).toBe(streams.heartrateBpm![i]);
          expect(series.recorded[k]).toBe(true);
        });
      }),
    );
  });

  it('marks exactly the seconds inside long gaps as paused, with zero power there (property)', () => {
    fc.assert(
      fc.property(irregularRecording, (streams) => {
        const series = resampleTo1Hz(streams, { pauseThresholdS: PAUSE_S });
        const paused = new Set<number>();
        streams.timeS.slice(1).forEach((endS, i) => {
          const startS = streams.timeS[i]!;
          if (endS - startS > PAUSE_S) for (let t = startS + 1; t < endS; t++) paused.add(t - series.startS);
        });
        series.recorded.forEach((isRecorded, k) => {
          expect(isRecorded).toBe(!paused.has(k));
          if (!isRecorded) {
            expect(series.moving[k]).toBe(false);
            if (series.powerW) expect(series.powerW[k]).toBe(0);
            if (series.heartrateBpm) expect(series.heartrateBpm[k]).toBeNull();
          }
        });
        expect(computeMovingTimeS(series)).toBe(computeRecordedTimeS(series));
        expect(computeRecordedTimeS(series)).toBe(series.recorded.length - paused.size);
      }),
    );
  });

  it('interpolates linearly across a short gap', () => {
    const series = resampleTo1Hz({ timeS: [0, 3], powerW: [100, 400], heartrateBpm: [120, 135] });
    expect(series.powerW).toEqual([100, 200, 300, 400]);
    expect(series.heartrateBpm).toEqual([120, 125, 130, 135]);
    expect(series.recorded.every(Boolean)).toBe(true);
  });

  it('counts coasting as 0 W: power is bridged only across a dropout of at most 3 s inside pedalling', () => {
    const timeS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const powerW = [200, null, null, 260, null, null, null, null, 300, null, 0];
    expect(resampleTo1Hz({ timeS, powerW }).powerW).toEqual([200, 220, 240, 260, 0, 0, 0, 0, 300, 0, 0]);
  });

  it('bridges the unsampled seconds between two records that both carry power, like every other channel', () => {
    // Smart recording: records 4 s apart, each with power. The seconds between are not coasting.
    const sparse = resampleTo1Hz({ timeS: [0, 4], powerW: [100, 300], heartrateBpm: [120, 140] });
    expect(sparse.powerW).toEqual([100, 150, 200, 250, 300]);
    expect(sparse.heartrateBpm).toEqual([120, 125, 130, 135, 140]);
    // A record at 0 W is a reading too: the seconds towards it are interpolated.
    expect(resampleTo1Hz({ timeS: [0, 6, 12], powerW: [300, 0, 0] }).powerW).toEqual([300, 250, 200, 150, 100, 50, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('is 0 W across the records without power of a sparse file, and only there', () => {
    // Records every 6 s (pause threshold 24 s); the records at 12 s and 18 s carry no power.
    const timeS = [0, 6, 12, 18, 24, 30];
    const series = resampleTo1Hz({ timeS, powerW: [200, 200, null, null, 200, 260] });
    expect(series.powerW!.slice(0, 7)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(series.powerW!.slice(7, 24)).toEqual(new Array(17).fill(0));
    expect(series.powerW!.slice(24)).toEqual([200, 210, 220, 230, 240, 250, 260]);
    expect(series.recorded.every(Boolean)).toBe(true);
  });

  it('keeps 1 Hz coasting at 0 W: 10 s of records without power', () => {
    const timeS = Array.from({ length: 30 }, (_, k) => k);
    const powerW = timeS.map((t) => (t >= 10 && t < 20 ? null : 250));
    const series = resampleTo1Hz({ timeS, powerW });
    expect(series.powerW!.slice(10, 20)).toEqual(new Array(10).fill(0));
    expect(series.powerW!.filter((w) => w === 250)).toHaveLength(20);
  });

  it('bridges power between consecutive records up to the pause threshold and not beyond', () => {
    const atThreshold = resampleTo1Hz({ timeS: [0, 1, 11, 12], powerW: [200, 200, 200, 200] }, { pauseThresholdS: PAUSE_S });
    expect(atThreshold.powerW).toEqual(new Array(13).fill(200));
    expect(atThreshold.recorded.every(Boolean)).toBe(true);
    const beyond = resampleTo1Hz({ timeS: [0, 1, 12, 13], powerW: [200, 200, 200, 200] }, { pauseThresholdS: PAUSE_S });
    expect(beyond.powerW).toEqual([200, 200, ...new Array(10).fill(0), 200, 200]);
    expect(beyond.recorded.filter((flag) => !flag)).toHaveLength(10);
  });

  it('takes moving time on a trainer whose distance stays 0 from power or cadence', () => {
    const timeS = [0, 1, 2, 3, 4, 5];
    const indoor = resampleTo1Hz({ timeS, distanceM: [0, 0, 0, 0, 0, 0], powerW: [150, 160, 0, 0, 170, 0], cadenceRpm: [80, 85, 0, 0, 0, 0] });
    expect(indoor.moving).toEqual([true, true, false, false, true, false]);
    expect(resampleTo1Hz({ timeS, speedMps: [0, 0, 0, 0, 0, 0] }).moving.every((moving) => !moving)).toBe(true);
  });

  it('treats a long gap as a pause: zero power, unknown heart rate, distance held, not moving', () => {
    const series = resampleTo1Hz(
      {
        timeS: [0, 1, 30, 31],
        powerW: [200, 200, 250, 250],
        heartrateBpm: [150, 150, 110, 112],
        distanceM: [0, 8, 16, 24],
        speedMps: [8, 8, 8, 8],
      },
      { pauseThresholdS: PAUSE_S },
    );
    expect(series.powerW!.slice(0, 3)).toEqual([200, 200, 0]);
    expect(series.powerW![29]).toBe(0);
    expect(series.powerW!.slice(30)).toEqual([250, 250]);
    expect(series.heartrateBpm![15]).toBeNull();
    expect(series.distanceM![15]).toBe(8);
    expect(series.distanceM![30]).toBe(16);
    expect(computeRecordedTimeS(series)).toBe(4);
    expect(computeMovingTimeS(series)).toBe(4);
  });

  it("bridges one channel's own dropout without pausing the activity", () => {
    const timeS = Array.from({ length: 61 }, (_, k) => k);
    const powerW = timeS.map((t) => (t > 10 && t < 50 ? null : 180));
    const series = resampleTo1Hz({ timeS, powerW, heartrateBpm: timeS.map(() => 130) });
    expect(series.powerW![30]).toBe(0);
    expect(series.recorded.every(Boolean)).toBe(true);
  });

  it("takes moving from the recorder's flag, else from speed, else every recorded second", () => {
    const timeS = [0, 1, 2, 3];
    expect(resampleTo1Hz({ timeS, moving: [true, false, false, true], speedMps: [5, 5, 5, 5] }).moving).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(resampleTo1Hz({ timeS, speedMps: [3, 0.2, 0, 1] }).moving).toEqual([true, false, false, true]);
    expect(resampleTo1Hz({ timeS, powerW: [0, 0, 0, 0] }).moving).toEqual([true, true, true, true]);
  });

  it("marks a pool swim's lengths swum from the samples' flag, held to the next sample, never in a pause", () => {
    const series = resampleTo1Hz({ timeS: [0, 2, 3, 4, 30, 31], heartrateBpm: [120, 130, 140, 150, 110, 112], active: [true, true, false, true, true, false] });
    expect(series.active).toEqual([true, true, true, false, true, ...Array<boolean>(25).fill(false), true, false]);
    expect(resampleTo1Hz({ timeS: [0, 1], heartrateBpm: [120, 130] }).active).toBeNull();
  });

  it('derives speed from distance when the recorder has no speed channel', () => {
    const series = resampleTo1Hz({ timeS: [0, 1, 2, 3, 4], distanceM: [0, 3, 6, 6, 6] });
    expect(series.speedMps).toEqual([3, 3, 1.5, 0, 0]);
    expect(series.moving).toEqual([true, true, true, false, false]);
  });

  it('places fractional timestamps on a grid that starts at the first one', () => {
    const series = resampleTo1Hz({ timeS: [0.5, 1.5, 3.0], powerW: [100, 200, 350] });
    expect(series.startS).toBe(0.5);
    expect(series.powerW).toEqual([100, 200, 300]);
  });

  it('rejects timestamps that do not ascend', () => {
    expect(() => resampleTo1Hz({ timeS: [0, 2, 2] })).toThrow(RangeError);
  });

  it('returns an empty series for an empty recording', () => {
    expect(resampleTo1Hz({ timeS: [] }).recorded).toEqual([]);
  });
});

describe('detectPauseThresholdS', () => {
  it('is 10 s for dense recordings and four typical intervals for sparse ones', () => {
    expect(detectPauseThresholdS([0, 1, 2, 3, 100])).toBe(10);
    expect(detectPauseThresholdS([0, 30, 60, 90, 400])).toBe(120);
  });
});

describeWithFixtures('the real ride', () => {
  const { streams, strava } = loadStravaPowerRide();
  const series = resampleTo1Hz(streams);

  it("counts Strava's own moving flags as moving time", () => {
    expect(series.recorded).toHaveLength(6501);
    expect(computeRecordedTimeS(series)).toBe(6501);
    expect(computeMovingTimeS(series)).toBe(streams.moving!.filter(Boolean).length);
    // Strava's 6914 s include the ~530 s at both ends that the stream leaves out (privacy zones).
    expect(computeMovingTimeS(series)).toBe(6385);
    expect(strava.movingTimeS - computeMovingTimeS(series)).toBeLessThan(600);
  });
});
