import { describe, expect, it } from 'vitest';
import { parseActivityFile } from '../../src/server/features/imports/parse-activity-file.ts';

/** TCX laps whose track point DistanceMeters restart at 0 (phone apps) or run on (devices): ADR 0065. */

const utf8 = (text: string) => new TextEncoder().encode(text);
const startMs = Date.parse('2026-05-02T07:00:00Z');
const iso = (s: number) => new Date(startMs + s * 1000).toISOString();
const metresPerDegree = (6_371_008.8 * Math.PI) / 180;

/** Three laps of a 14-minute run: start, duration and the lap's DistanceMeters. */
const laps = [
  { startS: 0, durationS: 300, distanceM: 1000 },
  { startS: 300, durationS: 300, distanceM: 1100 },
  { startS: 600, durationS: 240, distanceM: 900 },
];

function tcx(restartEachLap: boolean, withPositions: boolean): string {
  let beforeM = 0;
  const body = laps
    .map((lap) => {
      let points = '';
      // One point every 10 s, the first at the lap's start (the same instant as the last of the lap before).
      for (let s = 0; s <= lap.durationS; s += 10) {
        const inLapM = (lap.distanceM * s) / lap.durationS;
        const distanceM = restartEachLap ? inLapM : beforeM + inLapM;
        const position = withPositions
          ? `<Position><LatitudeDegrees>${(45 + (beforeM + inLapM) / metresPerDegree).toFixed(8)}</LatitudeDegrees><LongitudeDegrees>7</LongitudeDegrees></Position>`
          : '';
        points += `<Trackpoint><Time>${iso(lap.startS + s)}</Time>${position}<DistanceMeters>${distanceM.toFixed(2)}</DistanceMeters></Trackpoint>`;
      }
      beforeM += lap.distanceM;
      return `<Lap StartTime="${iso(lap.startS)}"><TotalTimeSeconds>${lap.durationS}</TotalTimeSeconds><DistanceMeters>${lap.distanceM}</DistanceMeters><Track>${points}</Track></Lap>`;
    })
    .join('');
  return `<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Running"><Id>${iso(0)}</Id>${body}</Activity></Activities></TrainingCenterDatabase>`;
}

describe('TCX lap distances', () => {
  for (const withPositions of [true, false]) {
    const label = withPositions ? 'with positions' : 'without positions (a treadmill)';

    it(`keeps the distance cumulative when each lap restarts at 0, ${label}`, async () => {
      const run = await parseActivityFile('phone.tcx', utf8(tcx(true, withPositions)));
      const distanceM = run.streams.distanceM!;
      expect(distanceM.at(-1)).toBeCloseTo(3000, 6);
      // Never steps back: no reading is dropped as a glitch.
      expect(distanceM.every((valueM) => valueM !== null)).toBe(true);
      for (let index = 1; index < distanceM.length; index++) expect(distanceM[index]!).toBeGreaterThanOrEqual(distanceM[index - 1]!);
      expect(run.distanceM).toBe(3000);
      expect(run.laps.map((lap) => lap.distanceM)).toEqual([1000, 1100, 900]);
      // Each lap's stretch of the stream covers the lap's stated distance.
      for (const lap of run.laps) {
        const at = (tS: number) => distanceM[run.streams.timeS.indexOf(tS)]!;
        expect(at(lap.startTimeS + lap.elapsedTimeS) - at(lap.startTimeS)).toBeCloseTo(lap.distanceM!, 6);
      }
    });
  }

  it('reads a device file whose distance runs on across laps the same', async () => {
    const phone = await parseActivityFile('phone.tcx', utf8(tcx(true, true)));
    const device = await parseActivityFile('device.tcx', utf8(tcx(false, true)));
    expect(device.streams.distanceM).toEqual(phone.streams.distanceM);
    expect(device.distanceM).toBe(phone.distanceM);
    expect(device.movingTimeS).toBe(phone.movingTimeS);
    expect(device.laps).toEqual(phone.laps);
  });

  it('gives the run a pace from the whole distance', async () => {
    const run = await parseActivityFile('phone.tcx', utf8(tcx(true, false)));
    expect(run.sportType).toBe('Run');
    expect(run.movingTimeS).toBe(840);
  });
});

describe('TCX lap moving time', () => {
  it("follows the activity's rule when the laps' timer ran through, so the laps add up to the activity", async () => {
    // Two laps of a phone's run; in the second, 60 s standing at one spot while points keep coming.
    const point = (t: number, northM: number) =>
      `<Trackpoint><Time>${iso(t)}</Time><Position><LatitudeDegrees>${(45 + northM / metresPerDegree).toFixed(8)}</LatitudeDegrees><LongitudeDegrees>7</LongitudeDegrees></Position></Trackpoint>`;
    const first = Array.from({ length: 301 }, (_, t) => point(t, 3 * t)).join('');
    const second = Array.from({ length: 301 }, (_, k) => point(300 + k, 900 + 3 * Math.min(k, 100) + 3 * Math.max(0, k - 160))).join('');
    const file = `<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Running"><Id>${iso(0)}</Id>
      <Lap StartTime="${iso(0)}"><TotalTimeSeconds>300</TotalTimeSeconds><DistanceMeters>900</DistanceMeters><Track>${first}</Track></Lap>
      <Lap StartTime="${iso(300)}"><TotalTimeSeconds>300</TotalTimeSeconds><DistanceMeters>720</DistanceMeters><Track>${second}</Track></Lap>
      </Activity></Activities></TrainingCenterDatabase>`;
    const run = await parseActivityFile('phone.tcx', utf8(file));
    expect(run.movingTimeS).toBeGreaterThanOrEqual(538);
    expect(run.movingTimeS).toBeLessThanOrEqual(541);
    expect(run.laps.map((lap) => lap.movingTimeS)).toEqual([300, run.movingTimeS - 300]);
  });
});
