import { describe, expect, it } from 'vitest';
import type { DataQuality } from '../../src/shared/api/activities.ts';
import { dataQualityNotes, formatRecovered } from '../../src/web/features/activities/data-quality.ts';
import { CLEAN_DATA_QUALITY } from '../support/data-quality.ts';

const clean: DataQuality = CLEAN_DATA_QUALITY;
const ride = { type: 'Ride', sportType: 'Ride', deviceWatts: true, averageHeartrate: 140 };

describe('the data-quality line', () => {
  it('says nothing for a clean ride with a power meter', () => {
    expect(dataQualityNotes({ ...ride, dataQuality: clean })).toEqual([]);
    expect(dataQualityNotes({ ...ride, dataQuality: null })).toEqual([]);
  });

  it('counts what the cleaning removed', () => {
    const notes = dataQualityNotes({
      ...ride,
      dataQuality: { ...clean, powerSpikesRemoved: 3, heartRateReadingsRemoved: 1, speedJumpsRemoved: 2 },
    });
    expect(notes).toEqual(['3 power spikes removed', '1 heart-rate reading of 0 or out of range removed', '2 speed jumps removed']);
  });

  it('groups thousands, and says a ride whose every heart-rate reading was 0 has no heart rate', () => {
    const quality = { ...clean, heartRateReadingsRemoved: 1808 };
    expect(dataQualityNotes({ ...ride, dataQuality: quality })).toEqual(['1,808 heart-rate readings of 0 or out of range removed']);
    expect(dataQualityNotes({ ...ride, averageHeartrate: null, dataQuality: quality })).toEqual([
      'no heart rate recorded (1,808 readings of 0 or out of range)',
    ]);
    expect(dataQualityNotes({ ...ride, averageHeartrate: null, dataQuality: clean })).toEqual([]);
  });

  it('says first that a file ended early and how much was recovered', () => {
    const notes = dataQualityNotes({ ...ride, dataQuality: { ...clean, truncatedRecoveredS: 4320, duplicateTimestampsMerged: 8 } });
    expect(notes).toEqual(['file ended early; 1 h 12 min recovered', '8 repeated timestamps merged']);
  });

  it('says once that a ride had no power meter, never for a run', () => {
    expect(dataQualityNotes({ ...ride, deviceWatts: false, dataQuality: clean })).toEqual(['no power meter']);
    expect(dataQualityNotes({ type: 'Run', sportType: 'Run', deviceWatts: false, averageHeartrate: null, dataQuality: clean })).toEqual([]);
  });

  it("says over which lengths a pool swim's heart rate was taken, when it has one", () => {
    const swim = { type: 'Swim', sportType: 'Swim', deviceWatts: false, averageHeartrate: 140.3 };
    const quality = { ...clean, activeLengths: 114, duplicateTimestampsMerged: 2 };
    expect(dataQualityNotes({ ...swim, dataQuality: quality })).toEqual([
      'heart rate over the 114 lengths swum, rests left out',
      '2 repeated timestamps merged',
    ]);
    expect(dataQualityNotes({ ...swim, dataQuality: { ...clean, activeLengths: 1 } })).toEqual(['heart rate over the 1 length swum, rests left out']);
    expect(dataQualityNotes({ ...swim, averageHeartrate: null, dataQuality: quality })).toEqual(['2 repeated timestamps merged']);
  });

  it('formats recovered time in hours and minutes', () => {
    expect([formatRecovered(16_723), formatRecovered(2820), formatRecovered(3600), formatRecovered(30)]).toEqual([
      '4 h 38 min',
      '47 min',
      '1 h',
      '30 s',
    ]);
  });
});
