import type { DataQuality } from '../../src/shared/api/activities.ts';

/** An activity's data quality when the cleaning removed nothing and the file was whole: spread it and set what a test is about. */
export const CLEAN_DATA_QUALITY: DataQuality = {
  powerSpikesRemoved: 0,
  heartRateReadingsRemoved: 0,
  cadenceReadingsRemoved: 0,
  speedJumpsRemoved: 0,
  duplicateTimestampsMerged: 0,
  backwardTimestampsDropped: 0,
  truncatedRecoveredS: null,
  activeLengths: null,
};
