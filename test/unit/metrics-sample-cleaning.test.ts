import { describe, expect, it } from 'vitest';
import { computeActivityMetrics } from '../../src/metrics/activity-metrics.ts';
import { cleanStreams } from '../../src/metrics/sample-cleaning.ts';
import { computeStreamSummary } from '../../src/metrics/stream-summary.ts';

const seconds = (count: number) => Array.from({ length: count }, (_, k) => k);

describe('cleanStreams', () => {
  it('drops power no human produces and counts it', () => {
    const { streams, counts } = cleanStreams({ timeS: [0, 1, 2, 3], powerW: [250, 21_733, 260, -5] });
    expect(streams.powerW).toEqual([250, null, 260, null]);
    expect(counts.powerSpikesRemoved).toBe(2);
  });

  it("drops power far above the ride's own distribution once it has one", () => {
    const timeS = seconds(1201);
    const powerW = timeS.map((t) => (t === 600 ? 2200 : 200 + (t % 50)));
    const { streams, counts } = cleanStreams({ timeS, powerW });
    expect(streams.powerW![600]).toBeNull();
    expect(counts.powerSpikesRemoved).toBe(1);
    // A short file has no distribution to judge by: only the absolute limit applies.
    expect(cleanStreams({ timeS: [0, 1, 2], powerW: [200, 2200, 210] }).counts.powerSpikesRemoved).toBe(0);
  });

  it('makes heart rate 0 and outside 25-250 bpm missing, and cadence above 250 rpm', () => {
    const { streams, counts } = cleanStreams({
      timeS: [0, 1, 2, 3],
      heartrateBpm: [0, 140, 255, 24],
      cadenceRpm: [90, 254, 0, 95],
    });
    expect(streams.heartrateBpm).toEqual([null, 140, null, null]);
    expect(streams.cadenceRpm).toEqual([90, null, 0, 95]);
    expect(counts).toMatchObject({ heartRateReadingsRemoved: 3, cadenceReadingsRemoved: 1 });
  });

  it('drops a stream that had only faulty readings: a strap writing 0 throughout is no heart rate', () => {
    const { streams } = cleanStreams({ timeS: [0, 1, 2], heartrateBpm: [0, 0, 0] });
    expect(streams.heartrateBpm).toBeUndefined();
  });

  it('drops speed jumps no bicycle makes, judged against the last kept reading', () => {
    const { streams, counts } = cleanStreams({ timeS: [0, 1, 2, 3, 4], speedMps: [8, 8.5, 45, 9, 9.2] });
    expect(streams.speedMps).toEqual([8, 8.5, null, 9, 9.2]);
    expect(counts.speedJumpsRemoved).toBe(1);
  });
});

describe('one power spike in a ride', () => {
  const timeS = seconds(3600);
  const powerW = timeS.map((t) => 200 + (t % 3) * 10);
  const spiked = powerW.map((watts, t) => (t === 1800 ? 21_733 : watts));
  const athlete = { ftpW: 250 };

  it('leaves NP and TSS as they were without it, and says it removed one spike', () => {
    const clean = computeActivityMetrics({ streams: { timeS, powerW }, summary: { sport: 'ride' }, athlete });
    const faulty = computeActivityMetrics({ streams: { timeS, powerW: spiked }, summary: { sport: 'ride' }, athlete });
    expect(faulty.normalizedPowerW).toBeCloseTo(clean.normalizedPowerW!, 0);
    expect(faulty.tss).toBeCloseTo(clean.tss!, 0);
    expect(faulty.maxPowerW).toBe(220);
    expect(faulty.dataQuality).toEqual({
      powerSpikesRemoved: 1,
      heartRateReadingsRemoved: 0,
      cadenceReadingsRemoved: 0,
      speedJumpsRemoved: 0,
    });
  });
});

describe('computeStreamSummary', () => {
  it('gives no power figures for a meter that only ever read 0 W, and none for heart rate without a strap', () => {
    const summary = computeStreamSummary({ timeS: [0, 1, 2], powerW: [0, 0, 0], heartrateBpm: [0, 0, 0] })!;
    expect(summary).toMatchObject({
      averagePowerW: null,
      maxPowerW: null,
      normalizedPowerW: null,
      workKj: null,
      averageHeartrateBpm: null,
      maxHeartrateBpm: null,
    });
  });

  it('averages heart rate over the readings, not the strap dropouts', () => {
    const summary = computeStreamSummary({ timeS: [0, 1, 2, 3], heartrateBpm: [130, 0, 0, 130] })!;
    expect(summary.averageHeartrateBpm).toBe(130);
  });
});

describe('aerobic decoupling (Pw:HR, the usual halves definition)', () => {
  it('compares average power over average heart rate of the two halves of the ride, coasting included', () => {
    const timeS = seconds(3600);
    // First half: 200 W at 140 bpm. Second half: 180 W on average (5 min blocks of 300 W and 60 W,
    // whose Normalized Power is far higher) at 150 bpm: Pw:HR 1.4286, then 1.2.
    const powerW = timeS.map((t) => (t < 1800 ? 200 : Math.floor(t / 300) % 2 === 0 ? 300 : 60));
    const heartrateBpm = timeS.map((t) => (t < 1800 ? 140 : 150));
    const metrics = computeActivityMetrics({ streams: { timeS, powerW, heartrateBpm }, summary: { sport: 'ride' }, athlete: {} });
    const first = 200 / 140;
    const second = 180 / 150;
    expect(metrics.decouplingPct).toBeCloseTo(((first - second) / first) * 100, 6);
  });
});
