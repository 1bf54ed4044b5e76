import { expect, it } from 'vitest';
import { parseActivityFiles } from '../../src/server/features/imports/parse-activity-file.ts';
import { describeWithFixtures } from '../support/fixture-suites.ts';
import { sharedFixture } from '../support/shared-fixtures.ts';

const parseDevice = (path: string) => parseActivityFiles(path, sharedFixture(`devices/${path}`));

describeWithFixtures('a FIT file cut short mid-message (SIGMA, no session, CRC fails)', async () => {
  const [ride, ...more] = await parseDevice('python-fitparse/sigma-ride-truncated.fit');

  it('is imported from every complete record, saying how much was recovered', async () => {
    expect(more).toEqual([]);
    expect(ride!.streams.timeS.length).toBeGreaterThan(14_000);
    expect(ride!.fileQuality.truncatedRecoveredS).toBe(ride!.elapsedTimeS);
    expect(ride!.elapsedTimeS).toBeGreaterThan(4.5 * 3600);
  });

  it('has no power figures: its power field is always 0 W', async () => {
    expect(ride!.computed?.averagePowerW).toBeNull();
    expect(ride!.computed?.normalizedPowerW).toBeNull();
  });
});

describeWithFixtures('a triathlon (multisport FIT, Forerunner 920XT)', async () => {
  const legs = await parseDevice('python-fitparse/garmin-fr920xt-triathlon.fit');

  it('becomes one activity per leg in race order, each transition a note on the leg after it (ADR 0020)', async () => {
    expect(legs.map((leg) => leg.sportType)).toEqual(['Swim', 'Ride', 'Run']);
    expect(legs.map((leg) => leg.leg)).toEqual([0, 1, 2].map((index) => ({ index, count: 3 })));
    expect(legs.map((leg) => Math.round(leg.distanceM))).toEqual([1645, 40909, 9806]);
    expect(legs.map((leg) => leg.fileQuality.transitionBeforeS)).toEqual([null, 170, 61]);
  });

  it("starts each leg's distance stream from 0", async () => {
    const bike = legs[1]!;
    expect(bike.streams.distanceM![0]).toBe(0);
    expect(bike.streams.distanceM!.at(-1)!).toBeCloseTo(40_907, -1);
  });

  it('gives each leg its own start and time', async () => {
    for (let index = 1; index < legs.length; index++) {
      expect(legs[index]!.startDate.getTime()).toBeGreaterThanOrEqual(legs[index - 1]!.startDate.getTime() + legs[index - 1]!.elapsedTimeS * 1000 - 2000);
    }
  });
});

describeWithFixtures('a pool swim (Forerunner 735XT, 25 yd pool)', async () => {
  const [swim] = await parseDevice('python-fitparse/garmin-fr735xt-pool-swim.fit');

  it("takes moving time from the active lengths, not from the sparse records' speed", async () => {
    expect(swim!.sportType).toBe('Swim');
    expect(swim!.movingTimeS).toBe(2763);
    expect(swim!.distanceM).toBeCloseTo(114 * 22.86, 1);
    expect(swim!.elapsedTimeS).toBe(4567);
  });

  it('marks each sample as in a length swum or a rest, and takes heart rate over the 114 lengths', async () => {
    expect(swim!.fileQuality.activeLengths).toBe(114);
    const active = swim!.streams.active!;
    expect(active).toHaveLength(swim!.streams.timeS.length);
    // About one 1 Hz record per second of the 2763 s swum; the rest are the rests between sets.
    expect(Math.abs(active.filter(Boolean).length - 2763)).toBeLessThan(60);
    expect(active.filter((flag) => !flag).length).toBeGreaterThan(1500);
    // Over the whole timer the average would be 138.3 bpm; over the lengths swum it is 140.3.
    expect(swim!.computed?.averageHeartrateBpm).toBeGreaterThan(139.5);
    expect(swim!.computed?.maxHeartrateBpm).toBe(161);
  });
});

describeWithFixtures('files without length messages', async () => {
  it('have no pool-swim flag and no lengths: every recorded second counts', async () => {
    const [ride] = await parseDevice('python-fitparse/coros-pace2-ride.fit');
    expect(ride!.streams.active).toBeUndefined();
    expect(ride!.fileQuality.activeLengths).toBeNull();
  });
});
