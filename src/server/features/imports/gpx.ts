import type { RecordedActivity, RecordedSample } from './parsed-activity.ts';
import { sportTypeFromName } from './sport-type.ts';
import { noStatedSummary } from './stated-summary.ts';
import { attributeNumber, childElement, childElements, childNumber, childText, extensionNumber, latLngOf, parseXmlDocument, timedSample, type XmlElement } from './xml-document.ts';

/**
 * Extension element names per stream, across Garmin's TrackPointExtension v1/v2 (hr, cad, atemp,
 * speed), its PowerExtension (PowerInWatts) and the bare elements some apps write (power).
 * Running cadence in gpxtpx:cad is per foot, as in FIT.
 */
const extensionNames = {
  heartrateBpm: ['hr', 'heartrate'],
  cadenceRpm: ['cad', 'cadence'],
  powerW: ['power', 'PowerInWatts', 'watts'],
  temperatureC: ['atemp', 'temp', 'temperature'],
  speedMps: ['speed'],
} as const;

/**
 * Reads a GPX 1.0 or 1.1 document: every timed track point of every track and segment, in file
 * order. Waypoints and routes are plans, not recordings, and are ignored. GPX states no totals,
 * laps or device, so those are all derived from the points.
 */
export function readGpx(fileName: string, text: string): RecordedActivity {
  const gpx = childElement(parseXmlDocument(text, fileName, 'GPX'), 'gpx');
  const tracks = childElements(gpx, 'trk');
  const samples = tracks.flatMap((track) =>
    childElements(track, 'trkseg').flatMap((segment) => childElements(segment, 'trkpt').flatMap(readTrackPoint)),
  );
  const recordedTrack = tracks.find((track) => childElements(track, 'trkseg').some((segment) => childElement(segment, 'trkpt')));
  const sportType = sportTypeFromName(childText(recordedTrack ?? null, 'type'));

  return {
    sport: sportType ? { sportType, indoor: false } : null,
    name: childText(childElement(gpx, 'metadata'), 'name') ?? childText(gpx, 'name') ?? childText(recordedTrack ?? null, 'name'),
    deviceName: null,
    elapsedTimeS: null,
    movingTimeS: null,
    distanceM: null,
    totalElevationGainM: null,
    stated: noStatedSummary,
    laps: [],
    samples,
  };
}

function readTrackPoint(point: XmlElement): RecordedSample[] {
  const extensions = childElement(point, 'extensions');
  return timedSample(childText(point, 'time'), () => ({
    latlng: latLngOf(attributeNumber(point, 'lat'), attributeNumber(point, 'lon')),
    altitudeM: childNumber(point, 'ele'),
    heartrateBpm: extensionNumber(extensions, extensionNames.heartrateBpm),
    cadenceRpm: extensionNumber(extensions, extensionNames.cadenceRpm),
    powerW: extensionNumber(extensions, extensionNames.powerW),
    temperatureC: extensionNumber(extensions, extensionNames.temperatureC),
    // GPX 1.0 has <speed> on the point itself; 1.1 moved it into extensions.
    speedMps: childNumber(point, 'speed') ?? extensionNumber(extensions, extensionNames.speedMps),
  }));
}
