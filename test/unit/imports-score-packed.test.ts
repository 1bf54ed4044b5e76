import { describe, expect, it } from 'vitest';
import { withoutPowerStream, type ActivityStreams } from '../../src/metrics/activity-streams.ts';
import { encodeStreams } from '../../src/server/db/stream-codec.ts';
import { scorePacked } from '../../src/server/features/imports/score-packed.ts';

/** A steady hour at 200 W with heart rate: every power figure is known exactly. */
function steadyRide(): ActivityStreams {
  const timeS = Array.from({ length: 3600 }, (_, i) => i);
  return { timeS, powerW: timeS.map(() => 200), heartrateBpm: timeS.map(() => 140) };
}

describe('scoring a packed activity with or without its power (hasMeasuredPower)', () => {
  const input = { summary: { sport: 'ride' as const }, athlete: { ftpW: 250 } };

  it('scores measured power: 200 W held for the hour, with its curve', () => {
    const score = scorePacked({ ...input, packedStreams: encodeStreams(steadyRide()), withoutPower: false });
    expect(score.metrics.averagePowerW).toBeCloseTo(200, 6);
    expect(score.metrics.normalizedPowerW).toBeCloseTo(200, 6);
    expect(score.best20MinPowerW).toBeCloseTo(200, 6);
    expect(score.powerCurveW.length).toBeGreaterThan(0);
  });

  it('leaves an estimated power stream out entirely, and keeps the heart rate', () => {
    const score = scorePacked({ ...input, packedStreams: encodeStreams(steadyRide()), withoutPower: true });
    expect(score.metrics).toMatchObject({ averagePowerW: null, normalizedPowerW: null, tss: null, powerZoneSeconds: null });
    expect(score.powerCurveW).toEqual([]);
    expect(score.best20MinPowerW).toBeNull();
    expect(score.metrics.averageHeartrateBpm).toBeCloseTo(140, 6);
  });

  it('drops the power of a copy: streams another reader holds keep theirs', () => {
    const streams = steadyRide();
    const kept = withoutPowerStream(streams);
    expect(kept.powerW).toBeUndefined();
    expect(kept.heartrateBpm).toBe(streams.heartrateBpm);
    expect(streams.powerW).toHaveLength(3600);
    const noPower = { timeS: [0, 1] };
    expect(withoutPowerStream(noPower)).toBe(noPower);
  });
});
