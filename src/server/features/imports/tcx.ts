import { ImportFileError } from './import-file-error.ts';
import type { RecordedLap, RecordedSample, StatedSummary } from './parsed-activity.ts';
import { sportTypeFromName } from './sport-type.ts';
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
  let activitiesOpened = 0;
  const reader = new XmlStreamReader({
    fileName,
    formatLabel: 'TCX',
    streamed: new Set(['Trackpoint']),
    maxStreamed: maxPoints,
    onOpen(name, depth) {
      if (name === 'Activity' && depth === 2) activitiesOpened++;
    },
    onElement(trackpoint, ancestors) {
      const inFirstActivity = activitiesOpened === 1 && ancestors.length === trackpointAncestors.length;
      if (inFirstActivity && ancestors.every((name, index) => name === trackpointAncestors[index])) samples.push(...readTrackpoint(trackpoint));
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
      const laps = childElements(activity, 'Lap').flatMap(readLap);
      const sportType = sportTypeFromName(attributeText(activity, 'Sport'));
      return {
        sport: sportType ? { sportType, indoor: false } : null,
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
