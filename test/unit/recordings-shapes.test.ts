import { Decoder, Stream, type FitMessages, type RecordMesg } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../tools/recordings/index.ts';
import { START } from './recordings-compare.ts';

/** Each preset's file really has the shape it is named for (ADR 0062), read back from its bytes. */

const make = (name: string) => PRESETS[name]!.make({ start: START });
const fit = (name: string): FitMessages => new Decoder(Stream.fromBuffer(make(name).bytes)).read().messages;
const text = (name: string) => make(name).bytes.toString('utf8');
const seconds = (record: RecordMesg) => ((record.timestamp as Date).getTime() - START.getTime()) / 1000;
const gaps = (records: RecordMesg[]) => records.slice(1).map((record, i) => seconds(record) - seconds(records[i]!));
const numbers = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]+)</${tag}>`, 'g'))].map((m) => Number(m[1]));
const xmlSeconds = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]+)</${tag}>`, 'g'))].map((m) => Date.parse(m[1]!) / 1000);
const standardDeviation = (values: number[]) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
};

describe('the shapes real devices produce', () => {
  it('timer pauses: two manual timer stops, no records meanwhile (120 s and 300 s gaps)', () => {
    const messages = fit('timerPausesRide');
    const stops = messages.eventMesgs!.filter((event) => event.event === 'timer' && event.eventType === 'stopAll' && event.timerTrigger === 'manual');
    expect(stops.length).toBe(3); // two pauses and the end
    expect(gaps(messages.recordMesgs!).filter((gap) => gap > 1).sort((a, b) => a - b)).toEqual([121, 301]);
    expect(messages.sessionMesgs![0]!.totalTimerTime).toBe(2_400);
  });

  it('auto-pause: six timer stops with the auto trigger', () => {
    const events = fit('autoPauseRide').eventMesgs!;
    expect(events.filter((event) => event.eventType === 'stopAll' && event.timerTrigger === 'auto')).toHaveLength(6);
  });

  it('smart recording: irregular 1–8 s between records', () => {
    const intervals = gaps(fit('smartRecordingRide').recordMesgs!);
    expect(Math.min(...intervals)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...intervals)).toBeLessThanOrEqual(8);
    expect(new Set(intervals).size).toBeGreaterThan(4);
  });

  it('a power spike: one 20,000 W record, not in the truth', () => {
    expect(fit('powerSpikeRide').recordMesgs!.filter((record) => record.power === 20_000)).toHaveLength(1);
    expect(make('powerSpikeRide').truth.maxPowerW).toBeLessThan(1_000);
  });

  it('heart rate: 40 readings of 0, and a 240 s dropout of records without heart rate', () => {
    expect(fit('heartRateZerosRide').recordMesgs!.filter((record) => record.heartRate === 0)).toHaveLength(40);
    const records = fit('heartRateDropoutRide').recordMesgs!;
    expect(records.filter((record) => record.heartRate === undefined)).toHaveLength(240);
  });

  it('coasting: 0 W while rolling, or power left out of those records', () => {
    const rolling = (record: RecordMesg) => (record.enhancedSpeed ?? 0) > 2;
    const zero = fit('coastingZeroRide').recordMesgs!;
    expect(zero.filter((record) => rolling(record) && record.power === 0).length).toBeGreaterThan(60);
    const missing = fit('coastingMissingRide').recordMesgs!;
    expect(missing.filter((record) => rolling(record) && record.power === undefined).length).toBeGreaterThan(60);
    expect(missing.filter((record) => rolling(record) && record.power === 0)).toHaveLength(0);
  });

  it('trainer rides: indoor cycling, no position, distance or speed; 36 records without power', () => {
    const messages = fit('indoorTrainerRide');
    expect(messages.sessionMesgs![0]!.subSport).toBe('indoorCycling');
    const records = messages.recordMesgs!;
    expect(records.some((record) => record.positionLat !== undefined || record.distance !== undefined || record.enhancedSpeed !== undefined)).toBe(false);
    expect(records.filter((record) => record.power === undefined)).toHaveLength(36);
    const withBreak = fit('indoorRideWithBreak').recordMesgs!;
    expect(withBreak.filter((record) => record.power === 0 && record.cadence === 0).length).toBeGreaterThanOrEqual(120);
  });

  it('a pool swim: 24 active and 4 idle lengths, a 25 m pool, active time in the session', () => {
    const messages = fit('poolSwim');
    const lengths = messages.lengthMesgs!;
    expect(lengths.filter((length) => length.lengthType === 'active')).toHaveLength(24);
    expect(lengths.filter((length) => length.lengthType === 'idle')).toHaveLength(4);
    expect(messages.sessionMesgs![0]).toMatchObject({ sport: 'swimming', subSport: 'lapSwimming', poolLength: 25, numActiveLengths: 24 });
  });

  it('a triathlon: five sessions with transitions, 20 records before the first session starts', () => {
    const messages = fit('multisportTriathlon');
    expect(messages.sessionMesgs!.map((session) => session.sport)).toEqual(['swimming', 'transition', 'cycling', 'transition', 'running']);
    const firstStart = (messages.sessionMesgs![0]!.startTime as Date).getTime();
    expect(messages.recordMesgs!.filter((record) => (record.timestamp as Date).getTime() < firstStart)).toHaveLength(20);
    expect(make('multisportTriathlon').truth.legs!.map((leg) => leg.sport)).toEqual(['Swim', 'Ride', 'Run']);
  });

  it('chained FIT files: two complete files back to back', () => {
    const { bytes } = make('chainedFit');
    const firstLength = bytes[0]! + bytes.readUInt32LE(4) + 2;
    expect(bytes.subarray(firstLength + 8, firstLength + 12).toString('latin1')).toBe('.FIT');
    expect(firstLength + bytes[firstLength]! + bytes.readUInt32LE(firstLength + 4) + 2).toBe(bytes.length);
  });

  it('a file cut off mid-record: fewer bytes than the header promises, the SDK stops at the end of the stream', () => {
    const { bytes, truth } = make('truncatedFit');
    expect(bytes.length).toBeLessThan(bytes[0]! + bytes.readUInt32LE(4) + 2);
    const { messages, errors } = new Decoder(Stream.fromBuffer(bytes)).read();
    expect(errors.length).toBeGreaterThan(0);
    expect(messages.recordMesgs).toHaveLength(truth.sampleCount);
  });

  it('a record whose timestamp jumps years ahead, in the middle of the file', () => {
    const records = fit('timestampJumpRide').recordMesgs!;
    const jumped = records.findIndex((record) => seconds(record) > 5 * 365 * 86_400);
    expect(jumped).toBeGreaterThan(records.length / 3);
    expect(jumped).toBeLessThan((2 * records.length) / 3);
    expect(records.filter((record) => seconds(record) > 86_400)).toHaveLength(1);
  });

  it('Connect IQ running power: a developer field "Power" in watts, no native power', () => {
    const messages = fit('developerPowerRun');
    expect(messages.fieldDescriptionMesgs![0]).toMatchObject({ fieldName: 'Power', units: 'Watts' });
    const records = messages.recordMesgs!;
    expect(records.some((record) => record.power !== undefined)).toBe(false);
    expect(records.every((record) => typeof (record as { developerFields?: Record<number, number> }).developerFields?.[0] === 'number')).toBe(true);
  });

  it('TCX laps whose track point distance restarts at 0', () => {
    const laps = text('tcxLapDistanceRestartRun').split('<Lap ').slice(1);
    expect(laps).toHaveLength(3);
    for (const lap of laps) expect(numbers(lap.slice(lap.indexOf('<Track>')), 'DistanceMeters')[0]).toBeLessThan(20);
  });

  it('altitude noise: barometric ±0.3–1 m, GPS-only ±3–8 m around a flat road at 12 m', () => {
    const barometric = fit('barometricFlatRide').recordMesgs!.map((record) => record.enhancedAltitude! - 12);
    expect(standardDeviation(barometric)).toBeGreaterThan(0.3);
    expect(standardDeviation(barometric)).toBeLessThan(1);
    const gps = numbers(text('gpsFlatRide'), 'ele').map((ele) => ele - 12);
    expect(standardDeviation(gps)).toBeGreaterThan(3);
    expect(standardDeviation(gps)).toBeLessThan(8);
    expect(fit('barometricHillyRide').sessionMesgs![0]!.totalAscent).toBe(make('barometricHillyRide').truth.deviceTotalAscentM);
  });

  it('a stop without timer events: 33 points at one place, 32 s apart end to end', () => {
    for (const name of ['stopWithoutTimerRideGpx', 'stopWithoutTimerRideTcx']) {
      const xml = text(name);
      const positions = name.endsWith('Gpx')
        ? [...xml.matchAll(/<trkpt lat="([^"]+)" lon="([^"]+)"/g)].map((m) => `${m[1]},${m[2]}`)
        : [...xml.matchAll(/<LatitudeDegrees>([^<]+)<\/LatitudeDegrees><LongitudeDegrees>([^<]+)</g)].map((m) => `${m[1]},${m[2]}`);
      let longest = 1;
      let run = 1;
      for (let i = 1; i < positions.length; i++) {
        run = positions[i] === positions[i - 1] ? run + 1 : 1;
        longest = Math.max(longest, run);
      }
      expect(longest, name).toBe(33);
    }
  });

  it('sports: generic, TCX Other, indoor rowing', () => {
    expect(fit('genericSession').sessionMesgs![0]!.sport).toBe('generic');
    expect(text('genericSessionTcx')).toContain('<Activity Sport="Other">');
    expect(fit('rowingSession').sessionMesgs![0]).toMatchObject({ sport: 'rowing', subSport: 'indoorRowing' });
  });
});

describe('the stand-ins', () => {
  it('outdoor power ride: ≈78 min at 1 Hz with GPS, barometric altitude, power, HR, cadence, temperature', () => {
    const records = fit('outdoorPowerRide').recordMesgs!;
    expect(make('outdoorPowerRide').truth.elapsedTimeS).toBe(78 * 60);
    expect(new Set(gaps(records))).toEqual(new Set([1]));
    expect(records.every((r) => r.positionLat !== undefined && r.enhancedAltitude !== undefined && r.power !== undefined && r.heartRate !== undefined && r.cadence !== undefined && r.temperature !== undefined)).toBe(true);
  });

  it('indoor trainer ride: ≈38 min', () => {
    expect(make('indoorTrainerRide').truth.elapsedTimeS).toBe(38 * 60);
  });

  it('short run: 222 s elapsed, 190 s timer, the same run in FIT, GPX and TCX', () => {
    const session = fit('shortRunFit').sessionMesgs![0]!;
    expect(session).toMatchObject({ totalElapsedTime: 222, totalTimerTime: 190 });
    const gpxTimes = xmlSeconds(text('shortRunGpx'), 'time').slice(1);
    const tcxTimes = xmlSeconds(text('shortRunTcx'), 'Time');
    expect(gpxTimes).toEqual(tcxTimes);
    expect(gpxTimes.at(-1)! - gpxTimes[0]!).toBe(222);
  });

  it('Strava TCX export: BOM, −04:00 times, a point every 5 s, one lap, HR', () => {
    const xml = text('stravaExportRunTcx');
    expect(xml.charCodeAt(0)).toBe(0xfeff);
    expect(xml).toMatch(/<Time>2026-05-03T03:30:05-04:00<\/Time>/);
    expect(xml.match(/<Lap /g)).toHaveLength(1);
    expect(new Set(gaps2(xmlSeconds(xml, 'Time')))).toEqual(new Set([5]));
    expect(xml).toContain('<HeartRateBpm>');
  });

  it('sparse hike: GPX 1.0 with waypoints, points every 10–90 s, elevation, no HR', () => {
    const xml = text('sparseHikeGpx');
    expect(xml).toContain('version="1.0"');
    expect(xml.match(/<wpt /g)).toHaveLength(2);
    const intervals = gaps2(xmlSeconds(xml, 'time').slice(1));
    expect(Math.min(...intervals)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...intervals)).toBeLessThanOrEqual(90);
    expect(intervals.filter((gap) => gap >= 10).length).toBeGreaterThan(intervals.length * 0.9);
    expect(xml).toContain('<ele>');
    expect(xml).not.toContain('hr>');
    expect(make('sparseHikeGpx').truth.elapsedTimeS).toBe(7_200);
  });
});

function gaps2(times: number[]): number[] {
  return times.slice(1).map((time, i) => time - times[i]!);
}
