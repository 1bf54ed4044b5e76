import type { RecordedActivity, RecordedSample } from './parsed-activity.ts';
import { recordedSportFromName } from './sport-type.ts';
import { noStatedSummary } from './stated-summary.ts';
import { attributeNumber, childElement, childElements, childNumber, childText, extensionNumber, latLngOf, timedSample, XmlStreamReader, type XmlElement } from './xml-document.ts';

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

/** What a streaming format reader takes: the file's text chunk by chunk, then its end. */
export interface ActivityTextReader {
  write(text: string): void;
  finish(): RecordedActivity;
}

/**
 * Reads a GPX 1.0 or 1.1 document as it arrives: every timed track point of every track and
 * segment, in file order, each turned into a sample as soon as it is read (at most `maxPoints`).
 * Waypoints and routes are plans, not recordings, and are ignored. GPX states no totals, laps or
 * device, so those are all derived from the points.
 */
export function gpxReader(fileName: string, maxPoints: number): ActivityTextReader {
  const samples: RecordedSample[] = [];
  let tracksOpened = 0;
  /** The first track with a point names the activity and its sport. */
  let recordedTrackIndex: number | null = null;
  const reader = new XmlStreamReader({
    fileName,
    formatLabel: 'GPX',
    streamed: new Set(['trkpt']),
    maxStreamed: maxPoints,
    onOpen(name, depth) {
      if (name === 'trk' && depth === 1) tracksOpened++;
    },
    onElement(point, ancestors) {
      if (ancestors.length !== 3 || ancestors[0] !== 'gpx' || ancestors[1] !== 'trk' || ancestors[2] !== 'trkseg') return;
      recordedTrackIndex ??= tracksOpened - 1;
      samples.push(...readTrackPoint(point));
    },
  });

  return {
    write: (text) => reader.write(text),
    finish() {
      const gpx = childElement(reader.finish(), 'gpx');
      const recordedTrack = recordedTrackIndex === null ? null : (childElements(gpx, 'trk')[recordedTrackIndex] ?? null);
      return {
        sport: recordedSportFromName(childText(recordedTrack, 'type')),
        name: childText(childElement(gpx, 'metadata'), 'name') ?? childText(gpx, 'name') ?? childText(recordedTrack, 'name'),
        deviceName: null,
        elapsedTimeS: null,
        movingTimeS: null,
        distanceM: null,
        totalElevationGainM: null,
        stated: noStatedSummary,
        laps: [],
        samples,
      };
    },
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
