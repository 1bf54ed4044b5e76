import type { LapSpan, RecordPoint } from './model.ts';

const fixed = (value: number, digits: number) => value.toFixed(digits);

/** An xsd:dateTime: UTC with Z, or local time with a ±hh:mm offset (as Strava's exports write it). */
export function xmlTime(start: Date, seconds: number, offsetMinutes = 0): string {
  const ms = start.getTime() + seconds * 1000;
  if (offsetMinutes === 0) return new Date(ms).toISOString().replace('.000Z', 'Z');
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export interface TcxActivity {
  start: Date;
  /** TCX Sport attribute: Biking, Running or Other. */
  sport: 'Biking' | 'Running' | 'Other';
  points: RecordPoint[];
  laps: LapSpan[];
  creator?: string;
  /** Each lap's trackpoint DistanceMeters restart at 0 (as some phone apps write). */
  lapDistanceRestarts?: boolean;
  /** Times written in local time with this offset from UTC, in minutes (−240 = −04:00). */
  offsetMinutes?: number;
  /** Starts with a UTF-8 byte order mark. */
  bom?: boolean;
}

function trackpoint(activity: TcxActivity, point: RecordPoint, lapStartDistanceM: number): string {
  const parts = [`<Time>${xmlTime(activity.start, point.t, activity.offsetMinutes)}</Time>`];
  if (point.lat !== undefined && point.lon !== undefined) {
    parts.push(`<Position><LatitudeDegrees>${fixed(point.lat, 7)}</LatitudeDegrees><LongitudeDegrees>${fixed(point.lon, 7)}</LongitudeDegrees></Position>`);
  }
  if (point.altitudeM !== undefined) parts.push(`<AltitudeMeters>${fixed(point.altitudeM, 1)}</AltitudeMeters>`);
  if (point.distanceM !== undefined) parts.push(`<DistanceMeters>${fixed(point.distanceM - lapStartDistanceM, 2)}</DistanceMeters>`);
  if (point.heartRateBpm !== undefined) parts.push(`<HeartRateBpm><Value>${Math.round(point.heartRateBpm)}</Value></HeartRateBpm>`);
  const running = activity.sport === 'Running';
  if (point.cadence !== undefined && !running) parts.push(`<Cadence>${Math.round(point.cadence)}</Cadence>`);
  const tpx: string[] = [];
  if (point.speedMps !== undefined) tpx.push(`<ns3:Speed>${fixed(point.speedMps, 3)}</ns3:Speed>`);
  if (point.cadence !== undefined && running) tpx.push(`<ns3:RunCadence>${Math.round(point.cadence)}</ns3:RunCadence>`);
  if (point.powerW !== undefined) tpx.push(`<ns3:Watts>${Math.round(point.powerW)}</ns3:Watts>`);
  if (tpx.length > 0) parts.push(`<Extensions><ns3:TPX>${tpx.join('')}</ns3:TPX></Extensions>`);
  return `      <Trackpoint>${parts.join('')}</Trackpoint>`;
}

/** A Garmin TrainingCenterDatabase v2 document (ActivityExtension v2 for speed, power, run cadence). */
export function encodeTcx(activity: TcxActivity): Buffer {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd">',
    ' <Activities>',
    `  <Activity Sport="${activity.sport}">`,
    `   <Id>${xmlTime(activity.start, 0, activity.offsetMinutes)}</Id>`,
  ];
  const hasDistance = activity.points.some((point) => point.distanceM !== undefined);
  activity.laps.forEach((lap, index) => {
    const last = index === activity.laps.length - 1;
    const inLap = activity.points.filter((point) => point.t >= lap.startS && (point.t < lap.endS || (last && point.t <= lap.endS)));
    const lapStartDistance = activity.lapDistanceRestarts ? (inLap[0]?.distanceM ?? 0) : 0;
    const heartRates = inLap.flatMap((point) => (point.heartRateBpm ? [point.heartRateBpm] : []));
    lines.push(`   <Lap StartTime="${xmlTime(activity.start, lap.startS, activity.offsetMinutes)}">`);
    lines.push(`    <TotalTimeSeconds>${fixed(lap.timerS, 1)}</TotalTimeSeconds>`);
    if (hasDistance) lines.push(`    <DistanceMeters>${fixed(lap.distanceM, 2)}</DistanceMeters>`);
    lines.push('    <Calories>0</Calories>');
    if (heartRates.length > 0) lines.push(`    <MaximumHeartRateBpm><Value>${Math.max(...heartRates)}</Value></MaximumHeartRateBpm>`);
    lines.push('    <Intensity>Active</Intensity>', '    <TriggerMethod>Manual</TriggerMethod>', '    <Track>');
    for (const point of inLap) lines.push(trackpoint(activity, point, lapStartDistance));
    lines.push('    </Track>', '   </Lap>');
  });
  lines.push(`   <Creator xsi:type="Device_t"><Name>${activity.creator ?? 'Kairo Recorder'}</Name><UnitId>62062</UnitId><ProductID>1</ProductID></Creator>`);
  lines.push('  </Activity>', ' </Activities>', '</TrainingCenterDatabase>', '');
  return Buffer.from(`${activity.bom ? '\uFEFF' : ''}${lines.join('\n')}`, 'utf8');
}

export interface GpxActivity {
  start: Date;
  points: RecordPoint[];
  name: string;
  /** The track's <type> (Garmin Connect's keys: cycling, running, hiking). */
  type: string;
  version?: '1.1' | '1.0';
  waypoints?: { lat: number; lon: number; name: string }[];
}

function gpxPoint(activity: GpxActivity, point: RecordPoint): string {
  const parts: string[] = [];
  if (point.altitudeM !== undefined) parts.push(`<ele>${fixed(point.altitudeM, 1)}</ele>`);
  parts.push(`<time>${xmlTime(activity.start, point.t)}</time>`);
  const tpx: string[] = [];
  if (point.heartRateBpm !== undefined) tpx.push(`<gpxtpx:hr>${Math.round(point.heartRateBpm)}</gpxtpx:hr>`);
  if (point.cadence !== undefined) tpx.push(`<gpxtpx:cad>${Math.round(point.cadence)}</gpxtpx:cad>`);
  const power = point.powerW === undefined ? '' : `<power>${Math.round(point.powerW)}</power>`;
  if (activity.version !== '1.0' && (tpx.length > 0 || power)) {
    parts.push(`<extensions>${power}${tpx.length > 0 ? `<gpxtpx:TrackPointExtension>${tpx.join('')}</gpxtpx:TrackPointExtension>` : ''}</extensions>`);
  }
  return `   <trkpt lat="${fixed(point.lat ?? 0, 7)}" lon="${fixed(point.lon ?? 0, 7)}">${parts.join('')}</trkpt>`;
}

/** A GPX 1.1 document with Garmin's TrackPointExtension v1 (hr, cad), or a plain GPX 1.0 one. */
export function encodeGpx(activity: GpxActivity): Buffer {
  const v10 = activity.version === '1.0';
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    v10
      ? '<gpx version="1.0" creator="Kairo Recorder" xmlns="http://www.topografix.com/GPX/1/0">'
      : '<gpx version="1.1" creator="Kairo Recorder" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">',
    v10 ? ` <time>${xmlTime(activity.start, 0)}</time>` : ` <metadata><name>${activity.name}</name><time>${xmlTime(activity.start, 0)}</time></metadata>`,
  ];
  for (const waypoint of activity.waypoints ?? []) {
    lines.push(` <wpt lat="${fixed(waypoint.lat, 7)}" lon="${fixed(waypoint.lon, 7)}"><name>${waypoint.name}</name></wpt>`);
  }
  lines.push(' <trk>', `  <name>${activity.name}</name>`, `  <type>${activity.type}</type>`, '  <trkseg>');
  for (const point of activity.points) lines.push(gpxPoint(activity, point));
  lines.push('  </trkseg>', ' </trk>', '</gpx>', '');
  return Buffer.from(lines.join('\n'), 'utf8');
}
