import { describe, expect, it } from 'vitest';
import { sportFamilyOf } from '../../src/shared/domain/sport-family.ts';
import { parseActivityFiles } from '../../src/server/features/imports/parse-activity-file.ts';
import { isFitTransition, recordedSportFromFit, recordedSportFromName } from '../../src/server/features/imports/sport-type.ts';
import { toActivityValues } from '../../src/server/features/imports/to-activity-values.ts';
import { packActivity } from '../../src/server/features/imports/pack-activity.ts';
import { encodeFitActivity, recordsEverySecond } from '../support/fit-activity-file.ts';

const start = new Date('2024-05-01T08:00:00Z');
/** 30 minutes at 3 m/s: a runner's pace, which once made any unnamed sport a run. */
const atRunnersPace = recordsEverySecond(start, 1800, (i) => ({ heartRate: 150, speed: 3, distance: i * 3 }));

async function importedSport(sport: string | number, subSport?: string | number) {
  const bytes = encodeFitActivity({
    records: atRunnersPace,
    sessions: [{ sport, ...(subSport === undefined ? {} : { subSport }), startTime: start, totalElapsedTime: 1799, totalDistance: 5397 }],
  });
  const [activity] = await parseActivityFiles('session.fit', bytes);
  return activity!;
}

describe('a FIT session keeps the sport it names, never guessed from its speed', () => {
  it.each([
    ['generic', undefined, 'Workout', false],
    ['training', 'cardioTraining', 'Workout', false],
    ['rowing', undefined, 'Rowing', false],
    ['rowing', 'indoorRowing', 'Rowing', true],
    ['fitnessEquipment', 'indoorRowing', 'Rowing', true],
    ['paddling', undefined, 'Canoeing', false],
    ['kayaking', undefined, 'Kayaking', false],
    ['standUpPaddleboarding', undefined, 'StandUpPaddling', false],
    ['boxing', undefined, 'Workout', false],
    ['floorClimbing', undefined, 'StairStepper', false],
    ['crossCountrySkiing', undefined, 'NordicSki', false],
  ] as const)('%s/%s is a %s', async (sport, subSport, sportType, indoor) => {
    const activity = await importedSport(sport, subSport);
    expect(activity.sportType).toBe(sportType);
    expect(activity.trainer).toBe(indoor);
    expect(sportFamilyOf(activity.sportType)).not.toBe('run');
  });

  it('a sport number newer than the SDK profile is a Workout', async () => {
    expect((await importedSport(250)).sportType).toBe('Workout');
  });

  it('a file that names no sport at all is still guessed from its speed', async () => {
    const [activity] = await parseActivityFiles('unnamed.fit', encodeFitActivity({ records: atRunnersPace }));
    expect(activity!.sportType).toBe('Run');
  });

  it('a session without a sport takes the sport message', async () => {
    const bytes = encodeFitActivity({ records: atRunnersPace, sport: { sport: 'rowing', subSport: 'indoorRowing' } });
    const [activity] = await parseActivityFiles('row.fit', bytes);
    expect(activity!.sportType).toBe('Rowing');
    expect(activity!.trainer).toBe(true);
  });

  it('a row is named as one', async () => {
    const values = toActivityValues(packActivity(await importedSport('rowing', 'indoorRowing')), { source: 'file', sourceKey: 'k' });
    expect(values).toMatchObject({ type: 'Rowing', sportType: 'Rowing', trainer: true, name: 'Row, 1 May 2024' });
  });

  it('a Workout is named and typed as one, with no run family', async () => {
    const values = toActivityValues(packActivity(await importedSport('generic')), { source: 'file', sourceKey: 'k' });
    expect(values).toMatchObject({ type: 'Workout', sportType: 'Workout' });
    expect(values.name).toMatch(/^Workout, /);
    expect(sportFamilyOf('Workout')).toBe('workout');
    expect(sportFamilyOf('Rowing')).toBe('other');
    expect(sportFamilyOf('VirtualRow')).toBe('other');
    // A FIT e-MTB ride (sub sport eBikeMountain) is a ride, as the web's families have it.
    expect(sportFamilyOf('EMountainBikeRide')).toBe('ride');
  });
});

describe('recordedSportFromFit', () => {
  it('is null only when the file names no sport', () => {
    expect(recordedSportFromFit(undefined, undefined)).toBeNull();
    expect(recordedSportFromFit('generic', 'generic')).toEqual({ sportType: 'Workout', indoor: false });
    expect(recordedSportFromFit('constructor', 'toString')).toEqual({ sportType: 'Workout', indoor: false });
    expect(recordedSportFromFit('golf', 'virtualActivity')).toEqual({ sportType: 'Workout', indoor: true });
    expect(recordedSportFromFit('rowing', 'virtualActivity')).toEqual({ sportType: 'VirtualRow', indoor: true });
    expect(recordedSportFromFit('cycling', 'generic')).toEqual({ sportType: 'Ride', indoor: false });
  });

  it('knows a transition', () => {
    expect(isFitTransition('transition', 'generic')).toBe(true);
    expect(isFitTransition('generic', 'swimToBikeTransition')).toBe(true);
    expect(isFitTransition('cycling', 'road')).toBe(false);
  });
});

describe('recordedSportFromName (GPX type, TCX Sport)', () => {
  it.each([
    ['Other', { sportType: 'Workout', indoor: false }],
    ['generic', { sportType: 'Workout', indoor: false }],
    ['Quidditch', { sportType: 'Workout', indoor: false }],
    ['indoor_rowing', { sportType: 'Rowing', indoor: true }],
    ['rowing', { sportType: 'Rowing', indoor: false }],
    ['Running', { sportType: 'Run', indoor: false }],
    ['treadmill_running', { sportType: 'Run', indoor: true }],
    ['9', { sportType: 'Run', indoor: false }],
  ] as const)('%s', (name, sport) => {
    expect(recordedSportFromName(name)).toEqual(sport);
  });

  it('is null without a name', () => {
    expect(recordedSportFromName(null)).toBeNull();
    expect(recordedSportFromName('  ')).toBeNull();
  });
});
