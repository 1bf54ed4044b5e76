import { describe, expect, it } from 'vitest';
import type { ActivityStreams } from '../../src/metrics/activity-streams.ts';
import { detectIntervals, summarizeSegment, type Segment } from '../../src/metrics/intervals.ts';
import { resampleTo1Hz } from '../../src/metrics/resample.ts';
import { cleanStreams } from '../../src/metrics/sample-cleaning.ts';
import { parseActivityFile } from '../../src/server/features/imports/parse-activity-file.ts';
import { describeWithFixtures } from '../support/fixture-suites.ts';
import { sharedFixture } from '../support/shared-fixtures.ts';

const MIN = 60;

/** A workout of steps: each is [seconds, watts, heart rate at its start, heart rate at its end]. */
function workout(steps: [number, number, number, number][], options: { power?: boolean; heartRate?: boolean } = {}): ActivityStreams {
  const timeS: number[] = [];
  const powerW: number[] = [];
  const heartrateBpm: number[] = [];
  const cadenceRpm: number[] = [];
  for (const [seconds, watts, hrFrom, hrTo] of steps) {
    for (let k = 0; k < seconds; k += 1) {
      timeS.push(timeS.length);
      // A little pedal-stroke noise, so the detection does not rely on flat lines.
      powerW.push(watts + ((timeS.length * 7) % 11) - 5);
      heartrateBpm.push(Math.round(hrFrom + ((hrTo - hrFrom) * k) / seconds));
      cadenceRpm.push(watts > 150 ? 92 : 85);
    }
  }
  return {
    timeS,
    ...(options.power === false ? {} : { powerW }),
    ...(options.heartRate === false ? {} : { heartrateBpm }),
    cadenceRpm,
  };
}

/** 15 min warm-up, 4 × (8 min at 240 W, 4 min at 120 W), 10 min cool-down: the session. */
const FOUR_BY_EIGHT: [number, number, number, number][] = [
  [15 * MIN, 170, 100, 125],
  [8 * MIN, 240, 125, 158],
  [4 * MIN, 120, 158, 130],
  [8 * MIN, 240, 130, 160],
  [4 * MIN, 120, 160, 132],
  [8 * MIN, 240, 132, 162],
  [4 * MIN, 120, 162, 134],
  [8 * MIN, 240, 134, 164],
  [10 * MIN, 120, 164, 115],
];

const stepStarts = (steps: [number, number, number, number][]) => steps.reduce<number[]>((starts, [seconds], index) => [...starts, (starts[index] ?? 0) + seconds], [0]);

describe('intervals found in the power of a hand-built 4 × 8 min session', async () => {
  const series = resampleTo1Hz(workout(FOUR_BY_EIGHT));
  const starts = stepStarts(FOUR_BY_EIGHT);

  it('without laps: four work intervals of 8 min at 240 W with three 4 min rests, to the second', async () => {
    const detection = detectIntervals(series, { signals: ['power', 'heart-rate'] })!;
    expect(detection.signal).toBe('power');
    expect(detection.from).toBe('signal');
    expect(detection.intervals.map((interval) => interval.kind)).toEqual(['work', 'rest', 'work', 'rest', 'work', 'rest', 'work']);
    const work = detection.intervals.filter((interval) => interval.kind === 'work');
    expect(work.map((interval) => interval.startS)).toEqual([starts[1], starts[3], starts[5], starts[7]]);
    for (const interval of work) {
      expect(interval.durationS).toBe(8 * MIN);
      expect(interval.averagePowerW).toBeCloseTo(240, 0);
      expect(interval.normalizedPowerW).toBeCloseTo(240, 0);
      expect(interval.averageCadenceRpm).toBe(92);
    }
    // Heart rate climbs through each effort and starts each a little higher: 141.5 → 150.5 bpm on average.
    expect(work[0]!.averageHeartrateBpm).toBeCloseTo(141.5, 0);
    expect(work[3]!.averageHeartrateBpm).toBeCloseTo(149, 0);
    expect(work[3]!.maxHeartrateBpm).toBe(164);
    const rest = detection.intervals.filter((interval) => interval.kind === 'rest');
    expect(rest.map((interval) => interval.durationS)).toEqual([4 * MIN, 4 * MIN, 4 * MIN]);
    expect(rest[0]!.averagePowerW).toBeCloseTo(120, 0);
  });

  it('with the ten laps of the workout, the laps are the intervals', async () => {
    const laps: Segment[] = FOUR_BY_EIGHT.map(([seconds], index) => ({ startS: starts[index]!, endS: starts[index]! + seconds }));
    const detection = detectIntervals(series, { signals: ['power'], laps })!;
    expect(detection.from).toBe('laps');
    expect(detection.intervals.filter((interval) => interval.kind === 'work').map((interval) => [interval.startS, interval.durationS])).toEqual([
      [starts[1], 480],
      [starts[3], 480],
      [starts[5], 480],
      [starts[7], 480],
    ]);
  });

  it('laps that do not tell work from rest (one lap per 10 min) leave it to the signal', async () => {
    const laps: Segment[] = Array.from({ length: 8 }, (_, k) => ({ startS: k * 600, endS: Math.min((k + 1) * 600, series.recorded.length) }));
    const detection = detectIntervals(series, { signals: ['power'], laps })!;
    expect(detection.from).toBe('signal');
    expect(detection.intervals.filter((interval) => interval.kind === 'work')).toHaveLength(4);
  });

  it('without a power meter, heart rate finds the four efforts; no power figure is made up', async () => {
    const detection = detectIntervals(resampleTo1Hz(workout(FOUR_BY_EIGHT, { power: false })), { signals: ['power', 'heart-rate'] })!;
    expect(detection.signal).toBe('heart-rate');
    const work = detection.intervals.filter((interval) => interval.kind === 'work');
    expect(work).toHaveLength(4);
    for (const interval of work) {
      expect(interval.averagePowerW).toBeNull();
      expect(interval.normalizedPowerW).toBeNull();
      // Heart rate lags: its work starts inside the effort and runs on into the rest.
      expect(interval.durationS).toBeGreaterThan(3 * MIN);
      expect(interval.durationS).toBeLessThan(10 * MIN);
    }
  });
});

describe('no intervals where there are none', async () => {
  it('a steady hour at 200 W', async () => {
    expect(detectIntervals(resampleTo1Hz(workout([[60 * MIN, 200, 130, 140]])), { signals: ['power', 'heart-rate'] })).toBeNull();
  });

  it('efforts of every length at random times (a rolling road ride) are not a session of intervals', async () => {
    const steps: [number, number, number, number][] = [
      [20 * MIN, 180, 120, 130],
      [1.5 * MIN, 320, 130, 150],
      [12 * MIN, 170, 150, 130],
      [9 * MIN, 300, 130, 160],
      [3 * MIN, 160, 160, 140],
      [2 * MIN, 330, 140, 155],
      [25 * MIN, 175, 155, 130],
    ];
    expect(detectIntervals(resampleTo1Hz(workout(steps)), { signals: ['power'] })).toBeNull();
  });

  it('an activity without any of the signals asked for', async () => {
    expect(detectIntervals(resampleTo1Hz(workout(FOUR_BY_EIGHT, { power: false, heartRate: false })), { signals: ['power', 'heart-rate'] })).toBeNull();
  });
});

describe('summarizeSegment', async () => {
  it('leaves out what was not recorded: no heart rate, no power → null, not 0', async () => {
    const series = resampleTo1Hz({ timeS: [0, 1, 2, 3], speedMps: [3, 3, 3, 3], distanceM: [0, 3, 6, 9] });
    const summary = summarizeSegment(series, { startS: 0, endS: 3 });
    expect(summary).toMatchObject({ durationS: 3, averagePowerW: null, averageHeartrateBpm: null, maxHeartrateBpm: null, averageCadenceRpm: null, averageSpeedMps: 3, distanceM: 9 });
  });
});

describeWithFixtures('real recordings with known laps', async () => {
  const load = async (path: string) => {
    const activity = await parseActivityFile(path, sharedFixture(`devices/${path}`));
    const series = resampleTo1Hz(cleanStreams(activity.streams).streams);
    const laps = activity.laps.map((lap) => ({ startS: lap.startTimeS, endS: lap.startTimeS + lap.elapsedTimeS }));
    return { activity, series, laps };
  };

  it('Garmin Edge 800 trainer ride, 5 laps: 2 × 10 min, each within 2 W of the lap average the device wrote', async () => {
    const { activity, series, laps } = await load('python-fitparse/garmin-edge800-indoor-trainer.fit');
    const detection = detectIntervals(series, { signals: ['power', 'heart-rate'], laps })!;
    expect(detection.from).toBe('laps');
    const work = detection.intervals.filter((interval) => interval.kind === 'work');
    expect(work.map((interval) => Math.round(interval.durationS / MIN))).toEqual([10, 10]);
    expect(Math.abs(work[0]!.averagePowerW! - activity.laps[1]!.stated.averagePowerW!)).toBeLessThanOrEqual(2);
    expect(Math.abs(work[1]!.averagePowerW! - activity.laps[3]!.stated.averagePowerW!)).toBeLessThanOrEqual(2);
    // The same session found in the power alone, within 10 s of the laps.
    const fromSignal = detectIntervals(series, { signals: ['power'] })!;
    const signalWork = fromSignal.intervals.filter((interval) => interval.kind === 'work');
    expect(signalWork).toHaveLength(2);
    signalWork.forEach((interval, index) => {
      expect(Math.abs(interval.startS - work[index]!.startS)).toBeLessThanOrEqual(10);
      expect(Math.abs(interval.durationS - work[index]!.durationS)).toBeLessThanOrEqual(10);
    });
  });

  it('Garmin Forerunner 965 run with running power, 12 laps: 5 × 3 min with 5 min jogs', async () => {
    const { series, laps } = await load('fit-parser/garmin-fr965-run-power.fit');
    const detection = detectIntervals(series, { signals: ['power', 'speed', 'heart-rate'], laps })!;
    const work = detection.intervals.filter((interval) => interval.kind === 'work');
    expect(work.map((interval) => Math.round(interval.durationS / MIN))).toEqual([3, 3, 3, 3, 3]);
    expect(detection.intervals.filter((interval) => interval.kind === 'rest').map((interval) => Math.round(interval.durationS / MIN))).toEqual([5, 5, 5, 5]);
  });

  it('a 2.8 h road ride with one lap per half: no intervals', async () => {
    const { series, laps } = await load('tormoder-fit/garmin-edge530-pauses.fit');
    expect(detectIntervals(series, { signals: ['power', 'heart-rate'], laps })).toBeNull();
  });
});
