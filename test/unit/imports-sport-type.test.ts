import { describe, expect, it } from 'vitest';
import { inferSportTypeFromSpeed, sportFromFit, sportTypeFromName } from '../../src/server/features/imports/sport-type.ts';

describe('sportFromFit', () => {
  it.each([
    ['cycling', 'generic', { sportType: 'Ride', indoor: false }],
    ['cycling', 'road', { sportType: 'Ride', indoor: false }],
    ['cycling', 'indoorCycling', { sportType: 'Ride', indoor: true }],
    ['cycling', 'virtualActivity', { sportType: 'VirtualRide', indoor: true }],
    ['cycling', 'mountain', { sportType: 'MountainBikeRide', indoor: false }],
    ['cycling', 'gravelCycling', { sportType: 'GravelRide', indoor: false }],
    ['running', 'trail', { sportType: 'TrailRun', indoor: false }],
    ['running', 'treadmill', { sportType: 'Run', indoor: true }],
    ['running', 'virtualActivity', { sportType: 'VirtualRun', indoor: true }],
    ['walking', 'treadmill', { sportType: 'Walk', indoor: true }],
    ['hiking', 'trail', { sportType: 'Hike', indoor: false }],
    ['training', 'strengthTraining', { sportType: 'WeightTraining', indoor: false }],
    ['training', 'cardioTraining', { sportType: 'Workout', indoor: false }],
    ['fitnessEquipment', 'indoorRowing', { sportType: 'Rowing', indoor: true }],
    ['swimming', 'lapSwimming', { sportType: 'Swim', indoor: false }],
  ])('%s/%s', (sport, subSport, expected) => {
    expect(sportFromFit(sport, subSport)).toEqual(expected);
  });

  it('leaves generic, unknown and inherited names to inference', () => {
    expect(sportFromFit('generic', 'generic')).toBeNull();
    expect(sportFromFit(254, 0)).toBeNull();
    expect(sportFromFit('constructor', 'toString')).toBeNull();
    expect(sportFromFit('golf', 'virtualActivity')).toBeNull();
  });
});

describe('sportTypeFromName', () => {
  it.each([
    ['Ride', 'Ride'],
    ['Virtual Ride', 'VirtualRide'],
    ['E-Bike Ride', 'EBikeRide'],
    ['Trail Run', 'TrailRun'],
    ['Weight Training', 'WeightTraining'],
    ['Rock Climb', 'RockClimbing'],
    ['HIIT', 'HighIntensityIntervalTraining'],
    ['road_biking', 'Ride'],
    ['trail_running', 'TrailRun'],
    ['Biking', 'Ride'],
    ['Running', 'Run'],
    ['1', 'Ride'],
    ['9', 'Run'],
  ])('%s -> %s', (name, sportType) => {
    expect(sportTypeFromName(name)).toBe(sportType);
  });

  it('knows nothing of Other, unknown names or no name', () => {
    expect(sportTypeFromName('Other')).toBeNull();
    expect(sportTypeFromName('Quidditch')).toBeNull();
    expect(sportTypeFromName('__proto__')).toBeNull();
    expect(sportTypeFromName(null)).toBeNull();
  });
});

describe('inferSportTypeFromSpeed', () => {
  it('splits rides, runs and walks by average moving speed', () => {
    expect(inferSportTypeFromSpeed(30_000, 3600)).toBe('Ride');
    expect(inferSportTypeFromSpeed(10_000, 3600)).toBe('Run');
    expect(inferSportTypeFromSpeed(5_000, 3600)).toBe('Walk');
    expect(inferSportTypeFromSpeed(0, 3600)).toBe('Workout');
    expect(inferSportTypeFromSpeed(1_000, 0)).toBe('Workout');
  });
});
