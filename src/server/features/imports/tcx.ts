import { ImportFileError } from './import-file-error.ts';
import type { RecordedLap, RecordedSample, StatedSummary } from './parsed-activity.ts';
import { recordedSportFromName } from './sport-type.ts';
import { combineStatedSummaries, sumOfKnown } from './stated-summary.ts';
import type { ActivityTextReader } from './gpx.ts';
import { attributeText, childElement, childElements, childNumber, childText, extensionNumber, latLngOf, parseXmlDateTimeMs, timedSample, XmlStreamReader, type XmlElement } from './xml-document.ts';

/** Where a recorded track point sits: TrainingCenterDatabase/Activities/Activity/Lap/Track/Trackpoint. */
const trackpointAncestors = ['TrainingCenterDatabase', 'Activities', 'Activity', 'Lap', 'Track'];

/**
 * Reads a TCX (Garmin Training Center v2) document's first activity as it arrives, each track point
 * turned into a sample as soon as it is read (at most `maxPoints`). Laps state the timer time
 * (TotalTimeSeconds) and distance; the activity's totals are their sums. Garmin's ActivityExtension
 * (TPX, LX) adds speed, power and running cadence, which like FIT counts the steps of one foot.
 */
export function tcxReader(fileName: string, maxPoints: number): ActivityTextReader {
  const samples: RecordedSample[] = [];
  /** The lap (index among the first activity's laps) each sample was recorded in. */
  const sampleLaps: number[] = [];
  let activitiesOpened = 0;
  let lapsOpened = 0;
  const reader = new XmlStreamReader({
    fileName,
    formatLabel: 'TCX',
    streamed: new Set(['Trackpoint']),
    maxStreamed: maxPoints,
    onOpen(name, depth) {
      if (name === 'Activity' && depth === 2) activitiesOpened++;
      if (name === 'Lap' && depth === 3 && activitiesOpened === 1) lapsOpened++;
    },
    onElement(trackpoint, ancestors) {
      const inFirstActivity = activitiesOpened === 1 && ancestors.length === trackpointAncestors.length;
      if (inFirstActivity && ancestors.every((name, index) => name === trackpointAncestors[index])) {
        for (const sample of readTrackpoint(trackpoint)) {
          samples.push(sample);
          sampleLaps.push(lapsOpened - 1);
        }
      }
    },
  });

  return {
    write: (text) => reader.write(text),
    finish() {
      const database = childElement(reader.finish(), 'TrainingCenterDatabase');
      const activity = childElement(childElement(database, 'Activities'), 'Activity');
      if (activity === null && childElement(database, 'Courses')) {
        throw new ImportFileError('unsupported', `${fileName} is a TCX course (a planned route), not a recorded activity.`);
      }
      const lapElements = childElements(activity, 'Lap');
      continueRestartedLapDistances(samples, sampleLaps, lapElements.map((lap) => childNumber(lap, 'DistanceMeters')));
      const laps = lapElements.flatMap(readLap);
      return {
        sport: recordedSportFromName(attributeText(activity, 'Sport')),
        name: null,
        deviceName: childText(childElement(activity, 'Creator'), 'Name'),
        elapsedTimeS: null,
        movingTimeS: sumOfKnown(laps.map((lap) => lap.movingTimeS)),
        distanceM: sumOfKnown(laps.map((lap) => lap.distanceM)),
        totalElevationGainM: null,
        stated: combineStatedSummaries(laps.map((lap) => ({ stated: lap.stated, timerS: lap.movingTimeS }))),
        laps,
        samples,
      };
    },
  };
}

/** A step back of a lap's first distance up to this is rounding, not a restart. */
const restartToleranceM = 1;

/**
 * Phone apps restart each lap's track point DistanceMeters at 0, where devices keep counting from
 * the activity's start. A lap whose first distance is below the last distance of the lap before
 * restarted: its points continue from where the laps before it ended, by their stated
 * DistanceMeters (else the last distance recorded in them), so the activity's distance stream
 * stays cumulative and each lap still covers its own DistanceMeters. `sampleLaps[i]` is the lap of
 * `samples[i]`; `lapDistancesM` are the laps' stated distances. Changes `samples` in place.
 */
function continueRestartedLapDistances(samples: RecordedSample[], sampleLaps: readonly number[], lapDistancesM: readonly (number | null)[]): void {
  const lapCount = Math.max(0, ...sampleLaps) + 1;
  const firstM = new Array<number | null>(lapCount).fill(null);
  const lastM = new Array<number | null>(lapCount).fill(null);
  samples.forEach((sample, index) => {
    const lap = sampleLaps[index]!;
    const valueM = sample.distanceM;
    if (lap < 0 || typeof valueM !== 'number' || !Number.isFinite(valueM)) return;
    firstM[lap] ??= valueM;
    lastM[lap] = valueM;
  });
  const offsetsM = new Array<number>(lapCount).fill(0);
  let restarted = false;
  /** Where the laps so far ended, on the activity's distance, and the last distance they recorded. */
  let endM = 0;
  let lastRecordedM: number | null = null;
  for (let lap = 0; lap < lapCount; lap++) {
    const startM = firstM[lap] ?? null;
    // A cumulative distance never steps back at a lap start by more than rounding.
    const restarts = lap > 0 && startM !== null && lastRecordedM !== null && startM < lastRecordedM - restartToleranceM;
    offsetsM[lap] = restarts ? endM : lap > 0 ? offsetsM[lap - 1]! : 0;
    restarted ||= restarts;
    // A lap counted from 0 (the first, or one that restarted) ends at its stated distance.
    const fromZero = lap === 0 || restarts;
    const ownEndM = fromZero ? (lapDistancesM[lap] ?? lastM[lap]) : lastM[lap];
    if (ownEndM != null) endM = Math.max(endM, offsetsM[lap]! + ownEndM);
    if (lastM[lap] != null) lastRecordedM = lastM[lap]!;
  }
  if (!restarted) return;
  samples.forEach((sample, index) => {
    const offsetM = offsetsM[sampleLaps[index]!] ?? 0;
    if (typeof sample.distanceM === 'number' && offsetM > 0) sample.distanceM += offsetM;
  });
}

/** A lap without a valid StartTime cannot be placed on the activity's clock and is skipped. */
function readLap(lap: XmlElement): RecordedLap[] {
  const startMs = parseXmlDateTimeMs(attributeText(lap, 'StartTime'));
  if (startMs === null) return [];
  return [
    {
      startMs,
      elapsedTimeS: null,
      movingTimeS: childNumber(lap, 'TotalTimeSeconds'),
      distanceM: childNumber(lap, 'DistanceMeters'),
      stated: readLapSummary(lap),
    },
  ];
}

function readLapSummary(lap: XmlElement): StatedSummary {
  const lapExtension = childElement(lap, 'Extensions');
  return {
    averagePowerW: extensionNumber(lapExtension, ['AvgWatts']),
    maxPowerW: extensionNumber(lapExtension, ['MaxWatts']),
    normalizedPowerW: null,
    averageHeartrateBpm: childNumber(childElement(lap, 'AverageHeartRateBpm'), 'Value'),
    maxHeartrateBpm: childNumber(childElement(lap, 'MaximumHeartRateBpm'), 'Value'),
    averageCadenceRpm: childNumber(lap, 'Cadence') ?? extensionNumber(lapExtension, ['AvgRunCadence']),
    averageSpeedMps: extensionNumber(lapExtension, ['AvgSpeed']),
    maxSpeedMps: childNumber(lap, 'MaximumSpeed'),
    calories: childNumber(lap, 'Calories'),
    workKj: null,
  };
}

function readTrackpoint(trackpoint: XmlElement): RecordedSample[] {
  const position = childElement(trackpoint, 'Position');
  const extensions = childElement(trackpoint, 'Extensions');
  return timedSample(childText(trackpoint, 'Time'), () => ({
    latlng: latLngOf(childNumber(position, 'LatitudeDegrees'), childNumber(position, 'LongitudeDegrees')),
    altitudeM: childNumber(trackpoint, 'AltitudeMeters'),
    distanceM: childNumber(trackpoint, 'DistanceMeters'),
    heartrateBpm: childNumber(childElement(trackpoint, 'HeartRateBpm'), 'Value'),
    // <Cadence> is the bike's; runs carry RunCadence in the TPX extension.
    cadenceRpm: childNumber(trackpoint, 'Cadence') ?? extensionNumber(extensions, ['RunCadence']),
    powerW: extensionNumber(extensions, ['Watts']),
    speedMps: extensionNumber(extensions, ['Speed']),
  }));
}
