import { describe, expect, it } from 'vitest';
import { parseActivityFile } from '../../src/server/features/imports/parse-activity-file.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const bom = new Uint8Array([0xef, 0xbb, 0xbf]);

/** Writers differ in prefixes, extension vendors and versions; these small documents pin each variant. */
describe('GPX variants', async () => {
  const gpx11 = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Garmin Edge 530" xmlns="http://www.topografix.com/GPX/1/1"
  xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2"
  xmlns:pwr="http://www.garmin.com/xmlschemas/PowerExtension/v1">
  <metadata><name>Morning Ride</name><time>2024-05-01T06:00:00Z</time></metadata>
  <trk><type>road_biking</type><trkseg>
    <trkpt lat="46.0500" lon="14.5000"><ele>300</ele><time>2024-05-01T06:00:00Z</time>
      <extensions><pwr:PowerInWatts>210</pwr:PowerInWatts><gpxtpx:TrackPointExtension>
        <gpxtpx:atemp>18.5</gpxtpx:atemp><gpxtpx:hr>120</gpxtpx:hr><gpxtpx:cad>85</gpxtpx:cad><gpxtpx:speed>8.1</gpxtpx:speed>
      </gpxtpx:TrackPointExtension></extensions></trkpt>
    <trkpt lat="46.0510" lon="14.5000"><ele>301</ele><time>2024-05-01T06:00:10Z</time>
      <extensions><pwr:PowerInWatts>230</pwr:PowerInWatts><gpxtpx:TrackPointExtension>
        <gpxtpx:atemp>18.4</gpxtpx:atemp><gpxtpx:hr>125</gpxtpx:hr><gpxtpx:cad>88</gpxtpx:cad><gpxtpx:speed>11.2</gpxtpx:speed>
      </gpxtpx:TrackPointExtension></extensions></trkpt>
  </trkseg></trk>
</gpx>`;

  it('reads Garmin TrackPointExtension v2 and PowerExtension, with a BOM', async () => {
    const ride = await parseActivityFile('ride.gpx', new Uint8Array([...bom, ...utf8(gpx11)]));
    expect(ride).toMatchObject({ format: 'gpx', sportType: 'Ride', name: 'Morning Ride', trainer: false, elapsedTimeS: 10 });
    expect(ride.streams).toMatchObject({
      timeS: [0, 10],
      powerW: [210, 230],
      heartrateBpm: [120, 125],
      cadenceRpm: [85, 88],
      speedMps: [8.1, 11.2],
      temperatureC: [18.5, 18.4],
      altitudeM: [300, 301],
    });
    // 0.001° of latitude is 111.2 m.
    expect(ride.distanceM).toBeCloseTo(111.2, 0);
  });

  it('reads StravaGPX: numeric <type>, bare <power>, unprefixed TrackPointExtension', async () => {
    const strava = `<gpx creator="StravaGPX" version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><name>Lunch Run</name><type>9</type><trkseg>
        <trkpt lat="51.5" lon="-0.1"><time>2024-01-01T12:00:00Z</time><extensions><power>250</power>
          <TrackPointExtension><hr>140</hr><cad>88</cad></TrackPointExtension></extensions></trkpt>
        <trkpt lat="51.501" lon="-0.1"><time>2024-01-01T12:00:30Z</time><extensions><power>260</power>
          <TrackPointExtension><hr>150</hr><cad>90</cad></TrackPointExtension></extensions></trkpt>
      </trkseg></trk></gpx>`;
    const run = await parseActivityFile('run.gpx', utf8(strava));
    expect(run).toMatchObject({ sportType: 'Run', name: 'Lunch Run' });
    expect(run.streams).toMatchObject({ powerW: [250, 260], heartrateBpm: [140, 150], cadenceRpm: [88, 90] });
  });

  it('reads GPX 1.0 <speed>, a Latin-1 name, and drops points whose time does not advance', async () => {
    const gpx10 = `<?xml version="1.0" encoding="ISO-8859-1"?>
<gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0"><name>Wörthersee</name><trk><trkseg>
  <trkpt lat="46" lon="14"><time>2010-08-05T14:00:00Z</time><speed>1.5</speed></trkpt>
  <trkpt lat="46.001" lon="14"><time>2010-08-05T14:01:00Z</time><speed>1.6</speed></trkpt>
  <trkpt lat="46.001" lon="14"><time>2010-08-05T14:01:00Z</time><speed>9.9</speed></trkpt>
  <trkpt lat="46.002" lon="14"><time>2010-08-05T14:00:30Z</time><speed>9.9</speed></trkpt>
  <trkpt lat="46.002" lon="14"><time>2010-08-05T14:02:00Z</time><speed>1.7</speed></trkpt>
</trkseg></trk></gpx>`;
    const latin1 = Uint8Array.from(gpx10, (character) => character.charCodeAt(0));
    const walk = await parseActivityFile('walk.gpx', latin1);
    expect(walk.name).toBe('Wörthersee');
    expect(walk.streams.timeS).toEqual([0, 60, 120]);
    expect(walk.streams.speedMps).toEqual([1.5, 1.6, 1.7]);
    // 222 m in 2 minutes (1.9 m/s): slower than a run.
    expect(walk.sportType).toBe('Walk');
  });
});

describe('samples sharing a time', async () => {
  it('become one sample, the first filled in by the repeat', async () => {
    const split = `<gpx version="1.1"><trk><trkseg>
      <trkpt lat="46" lon="14"><time>2024-01-01T10:00:00Z</time></trkpt>
      <trkpt lat="46.5" lon="14.5"><time>2024-01-01T10:00:00Z</time><extensions><hr>101</hr></extensions></trkpt>
      <trkpt lat="46.0001" lon="14"><time>2024-01-01T10:00:01Z</time><extensions><hr>102</hr></extensions></trkpt>
    </trkseg></trk></gpx>`;
    const { streams } = await parseActivityFile('split.gpx', utf8(split));
    expect(streams.timeS).toEqual([0, 1]);
    expect(streams.latlng).toEqual([
      [46, 14],
      [46.0001, 14],
    ]);
    expect(streams.heartrateBpm).toEqual([101, 102]);
  });
});

describe('TCX variants', async () => {
  const trackpoint = (time: string, distanceM: number, watts: number, cadence: number) => `
    <Trackpoint><Time>${time}</Time><DistanceMeters>${distanceM}</DistanceMeters><HeartRateBpm><Value>130</Value></HeartRateBpm>
      <Cadence>${cadence}</Cadence><Extensions><tpx:TPX><tpx:Watts>${watts}</tpx:Watts><tpx:Speed>9</tpx:Speed></tpx:TPX></Extensions></Trackpoint>`;
  const lap = (start: string, timerS: number, distanceM: number, points: string, avgWatts: number) => `
    <Lap StartTime="${start}"><TotalTimeSeconds>${timerS}</TotalTimeSeconds><DistanceMeters>${distanceM}</DistanceMeters>
      <Calories>50</Calories><AverageHeartRateBpm><Value>130</Value></AverageHeartRateBpm><MaximumHeartRateBpm><Value>${130 + avgWatts / 100}</Value></MaximumHeartRateBpm>
      <Cadence>90</Cadence><Track>${points}</Track>
      <Extensions><tpx:LX><tpx:AvgWatts>${avgWatts}</tpx:AvgWatts><tpx:MaxWatts>${avgWatts + 100}</tpx:MaxWatts></tpx:LX></Extensions></Lap>`;
  const indoorRide = `<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    xmlns:tpx="http://www.garmin.com/xmlschemas/ActivityExtension/v2"><Activities><Activity Sport="Biking">
    <Id>2024-02-01T18:00:00+01:00</Id>
    ${lap('2024-02-01T18:00:00+01:00', 60, 540, trackpoint('2024-02-01T18:00:00+01:00', 0, 200, 90) + trackpoint('2024-02-01T18:01:00+01:00', 540, 220, 92), 200)}
    ${lap('2024-02-01T18:01:00+01:00', 120, 1080, trackpoint('2024-02-01T18:01:00+01:00', 540, 220, 92) + trackpoint('2024-02-01T18:03:00+01:00', 1620, 300, 95), 300)}
    <Creator><Name>Tacx Neo</Name></Creator></Activity></Activities></TrainingCenterDatabase>`;

  it('reads TPX watts and bike cadence, and keeps the repeated lap boundary point once', async () => {
    const ride = await parseActivityFile('indoor.tcx', utf8(indoorRide));
    expect(ride).toMatchObject({
      sportType: 'Ride',
      startDate: new Date('2024-02-01T17:00:00Z'),
      elapsedTimeS: 180,
      movingTimeS: 180,
      distanceM: 1620,
      deviceName: 'Tacx Neo',
      trainer: true,
    });
    expect(ride.streams).toMatchObject({ timeS: [0, 60, 180], powerW: [200, 220, 300], cadenceRpm: [90, 92, 95] });
    expect(ride.laps.map((each) => [each.startTimeS, each.elapsedTimeS])).toEqual([
      [0, 60],
      [60, 120],
    ]);
  });

  it('combines the laps into the activity summary: sums, maxima, timer-weighted means', async () => {
    const { stated } = await parseActivityFile('indoor.tcx', utf8(indoorRide));
    expect(stated).toMatchObject({ calories: 100, averagePowerW: (200 * 60 + 300 * 120) / 180, maxPowerW: 400, maxHeartrateBpm: 133 });
    expect(stated.normalizedPowerW).toBeNull();
  });

  it('keeps a TCX that says Other a Workout: a sport is never guessed from speed when the file names one (ADR 0064)', async () => {
    const other = indoorRide.replace('Sport="Biking"', 'Sport="Other"');
    // 1620 m in 180 s is 9 m/s, a ride's speed; the file says Other, and Kairo does not guess.
    expect((await parseActivityFile('other.tcx', utf8(other))).sportType).toBe('Workout');
  });
});
