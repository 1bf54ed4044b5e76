import { describe, expect, it } from 'vitest';
import { fileSourceKey, parseActivityFiles } from '../../src/server/features/imports/parse-activity-file.ts';
import { dataQualityNotes } from '../../src/web/features/activities/data-quality.ts';
import { encodeFitActivity, recordsEverySecond, type FitSessionSpec } from '../support/fit-activity-file.ts';
import { hasSharedFixtures, sharedFixture } from '../support/shared-fixtures.ts';
import { CLEAN_DATA_QUALITY } from '../support/data-quality.ts';

const start = new Date('2024-06-02T07:00:00Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

/**
 * A small race: 20 s of records before the swim's session start, swim 600 s, T1 120 s, bike 1200 s,
 * T2 60 s, run 900 s, one record a second with the race distance counting on.
 */
function race(): Uint8Array {
  const records = recordsEverySecond(at(-20), 20 + 600 + 120 + 1200 + 60 + 900, (i) => ({ heartRate: 150, distance: i * 2, speed: 2 }));
  const sessions: FitSessionSpec[] = [
    { sport: 'swimming', subSport: 'openWater', startTime: at(0), totalElapsedTime: 600 },
    { sport: 'transition', startTime: at(600), totalElapsedTime: 120 },
    { sport: 'cycling', startTime: at(720), totalElapsedTime: 1200 },
    { sport: 'transition', startTime: at(1920), totalElapsedTime: 60 },
    { sport: 'running', startTime: at(1980), totalElapsedTime: 900 },
  ];
  return encodeFitActivity({ records, sessions });
}

describe('a multisport FIT file', () => {
  it('is one activity per leg; transitions are no activities of their own', async () => {
    const legs = await parseActivityFiles('race.fit', race());
    expect(legs.map((leg) => leg.sportType)).toEqual(['Swim', 'Ride', 'Run']);
    expect(legs.map((leg) => leg.leg)).toEqual([0, 1, 2].map((index) => ({ index, count: 3 })));
    expect(legs.map(fileSourceKey)).toEqual([legs[0]!.contentHash, `${legs[0]!.contentHash}:leg2`, `${legs[0]!.contentHash}:leg3`]);
  });

  it("notes each transition's time on the leg after it", async () => {
    const legs = await parseActivityFiles('race.fit', race());
    expect(legs.map((leg) => leg.fileQuality.transitionBeforeS)).toEqual([null, 120, 60]);
    // The transition's records are in no leg: the bike starts at its session's start.
    expect(legs[1]!.startDate).toEqual(at(720));
    expect(legs[1]!.streams.timeS.at(-1)).toBe(1199);
    expect(legs[2]!.startDate).toEqual(at(1980));
  });

  it("gives the records before the first session's start to the first leg", async () => {
    const [swim] = await parseActivityFiles('race.fit', race());
    expect(swim!.startDate).toEqual(at(-20));
    expect(swim!.streams.timeS).toHaveLength(620);
    expect(swim!.elapsedTimeS).toBe(619);
  });

  it('keeps a file of transitions only (no race) as its sessions', async () => {
    const records = recordsEverySecond(start, 200, () => ({ heartRate: 120 }));
    const sessions: FitSessionSpec[] = [
      { sport: 'transition', startTime: at(0), totalElapsedTime: 100 },
      { sport: 'transition', startTime: at(100), totalElapsedTime: 100 },
    ];
    const legs = await parseActivityFiles('t.fit', encodeFitActivity({ records, sessions }));
    expect(legs).toHaveLength(2);
    expect(legs.every((leg) => leg.sportType === 'Workout')).toBe(true);
  });

  it('the activity page notes the transition', () => {
    const notes = dataQualityNotes({
      type: 'Ride',
      sportType: 'Ride',
      deviceWatts: true,
      averageHeartrate: 150,
      dataQuality: {
        ...CLEAN_DATA_QUALITY,
        transitionBeforeS: 170,
        activeLengths: null,
      },
    });
    expect(notes).toEqual(['multisport leg; 2 min of transition before it']);
  });
});

describe.skipIf(!hasSharedFixtures)('the triathlon of the device corpus (Forerunner 920XT)', () => {
  it('is a swim, a ride and a run, with T1 and T2 as notes', async () => {
    const legs = await parseActivityFiles('tri.fit', sharedFixture('devices/python-fitparse/garmin-fr920xt-triathlon.fit'));
    expect(legs.map((leg) => leg.sportType)).toEqual(['Swim', 'Ride', 'Run']);
    expect(legs.map((leg) => Math.round(leg.distanceM))).toEqual([1645, 40909, 9806]);
    expect(legs.map((leg) => leg.elapsedTimeS)).toEqual([1988, 4422, 2851]);
    expect(legs.map((leg) => leg.fileQuality.transitionBeforeS)).toEqual([null, 170, 61]);
  });
});
