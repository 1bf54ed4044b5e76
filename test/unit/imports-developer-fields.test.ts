import { describe, expect, it } from 'vitest';
import { parseActivityFiles } from '../../src/server/features/imports/parse-activity-file.ts';
import { toActivityValues } from '../../src/server/features/imports/to-activity-values.ts';
import { packActivity } from '../../src/server/features/imports/pack-activity.ts';
import { encodeFitActivity, recordsEverySecond, type FitDeveloperFieldSpec, type FitRecordSpec } from '../support/fit-activity-file.ts';

const start = new Date('2024-05-01T06:00:00Z');
const running = [{ sport: 'running', startTime: start, totalElapsedTime: 599, totalDistance: 1797 }];

async function run(records: FitRecordSpec[], developerFields: FitDeveloperFieldSpec[]) {
  const [activity] = await parseActivityFiles('run.fit', encodeFitActivity({ records, developerFields, sessions: running }));
  return activity!;
}

const strydRun = (fill: (index: number) => Partial<FitRecordSpec> = () => ({})) =>
  recordsEverySecond(start, 600, (i) => ({ heartRate: 150, speed: 3, distance: i * 3, developerFields: { 0: 240 + (i % 20), 1: 80 }, ...fill(i) }));

describe('running power recorded by a Connect IQ app (developer fields)', () => {
  it("reads Stryd's \"Power\" (watts) as the power stream when no record has native power", async () => {
    const activity = await run(strydRun(), [
      { key: 0, fieldName: 'Power', units: 'Watts' },
      { key: 1, fieldName: 'Form Power', units: 'Watts' },
    ]);
    expect(activity.streams.powerW).toHaveLength(600);
    expect(activity.streams.powerW!.slice(0, 3)).toEqual([240, 241, 242]);
    const values = toActivityValues(packActivity(activity), { source: 'file', sourceKey: 'k' });
    expect(values.averageWatts).toBeCloseTo(249.5, 0);
    expect(values.deviceWatts).toBe(true);
  });

  it('reads a field the app declares as the record power (native field 7), whatever its name', async () => {
    const activity = await run(strydRun(), [
      { key: 0, fieldName: 'RP', units: 'W', nativeMesgNum: 20, nativeFieldNum: 7 },
      { key: 1, fieldName: 'Power', units: 'Watts' },
    ]);
    expect(activity.streams.powerW!.slice(0, 2)).toEqual([240, 241]);
  });

  it('leaves native power as it is', async () => {
    const activity = await run(strydRun(() => ({ power: 300 })), [
      { key: 0, fieldName: 'Power', units: 'Watts' },
      { key: 1, fieldName: 'Form Power', units: 'Watts' },
    ]);
    expect(new Set(activity.streams.powerW)).toEqual(new Set([300]));
  });

  it('takes no field named power in other units, nor other developer fields', async () => {
    const activity = await run(strydRun(), [
      { key: 0, fieldName: 'Power', units: '%' },
      { key: 1, fieldName: 'Leg Spring Stiffness', units: 'KN/m' },
    ]);
    expect(activity.streams.powerW).toBeUndefined();
  });
});
