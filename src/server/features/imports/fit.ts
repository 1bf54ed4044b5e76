import { Decoder, Stream } from '@garmin/fitsdk';
import type { DeviceInfoMesg, FieldDescriptionMesg, FileIdMesg, FitMessages, LapMesg, LengthMesg, RecordMesg, SessionMesg } from '@garmin/fitsdk';
import { readFitRecords, type FitRecords } from './fit-records.ts';
import { ImportFileError } from './import-file-error.ts';
import type { RecordedActivity, RecordedLap, RecordedSample, StatedSummary } from './parsed-activity.ts';
import { isFitTransition, recordedSportFromFit } from './sport-type.ts';
import { noStatedSummary, sumOfKnown } from './stated-summary.ts';

/** A FIT header is 12 or 14 bytes, and the file ends with a 2-byte CRC. */
const fitHeaderProbeBytes = 16;
const fitCrcBytes = 2;
const fitHeaderMinBytes = 12;

/** FIT positions are semicircles: 2^31 of them make 180 degrees. */
const degreesPerSemicircle = 180 / 2 ** 31;

/** Whether the bytes start with a FIT file header (size byte, '.FIT' signature). */
export function isFitFile(bytes: Uint8Array): boolean {
  return Decoder.isFIT(Stream.fromBuffer(bytes.subarray(0, fitHeaderProbeBytes)));
}

/**
 * A record more than a day after the one before it is no pause: no recorder stops its timer for a
 * day within one activity (a longer event is recorded day by day), but a message read out of line
 * (a damaged file, a misaligned field) gives a time years away. The file is read up to it.
 */
const timeJumpMs = 24 * 3600_000;

/** How many records after a far jump are looked at for the clock coming back (one stray record). */
const strayLookAhead = 5;

/**
 * Reads a FIT activity file: its records with Kairo's own reader where the file is intact
 * (fit-records.ts), everything else with Garmin's SDK. Totals come from the session message, the sport
 * from the session's sport and sub sport, laps from lap messages. A multisport file (a triathlon:
 * one session per leg, transitions included) gives one activity per leg, each with the records
 * and laps of its own time span; the first leg also takes the records before its session's start,
 * and a transition is no activity: its time is a note on the leg after it (ADR 0020, amended). A
 * pool swim's moving time is its active lengths' time (the session's active time): its records
 * are sparse and its timer runs through the rests; each of its samples says whether it lies in a
 * length swum or a rest (`active`), for its heart rate. FIT running cadence counts the steps of
 * one foot per minute (cadence + fractional cadence). Running power recorded by a Connect IQ app
 * (Stryd's "Power") is the power stream when no record carries native power.
 *
 * A damaged file (its CRC fails, or a record's time jumps more than a day ahead: a message read
 * out of line) is read up to the damage and marked `damaged`; a file cut short, `truncated`.
 */
export function readFit(fileName: string, bytes: Uint8Array, { ownRecords = true }: { ownRecords?: boolean } = {}): RecordedActivity[] {
  // Kairo reads the records of an intact file itself, the SDK all the rest (fit-records.ts, ADR 0101);
  // `ownRecords: false` has the SDK read them too, as the tests compare.
  const records = ownRecords ? readFitRecords(bytes) : null;
  const { messages, truncated, damaged: unreadable } = records ? { messages: records.messages, truncated: false, damaged: false } : decodeFitMessages(fileName, bytes);
  const fileId = messages.fileIdMesgs?.[0];
  if (fileId?.type !== undefined && fileId.type !== 'activity') {
    throw new ImportFileError('unsupported', `${fileName} is a FIT ${String(fileId.type)} file, not a recorded activity.`);
  }
  const deviceName = fitDeviceName(fileId, messages.deviceInfoMesgs ?? []);
  const powerField = developerPowerField(messages.fieldDescriptionMesgs ?? []);
  const recorded = records
    ? withDeveloperPower(records, powerField)
    : readRecords(messages.recordMesgs ?? [], developerPowerReader(powerField, messages.recordMesgs ?? []));
  const { samples, endMs: readableEndMs } = readableSamples(recorded);
  const damaged = unreadable || readableEndMs !== null;
  const readable = (timeMs: number) => readableEndMs === null || timeMs < readableEndMs;
  const laps = (messages.lapMesgs ?? []).flatMap(readLap).filter((lap) => readable(lap.startMs));
  const lengths = activeLengthSpans(messages.lengthMesgs ?? []).filter((length) => readable(length.startMs));
  // Past the damage a session's totals cover what was not read, or are themselves out of line.
  const sessions = (messages.sessionMesgs ?? []).filter((session) => readable(fitTimeMs(session.startTime) ?? -Infinity));
  const quality = { truncated, damaged };
  if (sessions.length <= 1) {
    const session = sessions[0];
    const sportMessage = messages.sportMesgs?.[0];
    const namedSport = recordedSportFromFit(session?.sport ?? sportMessage?.sport, session?.sport === undefined ? sportMessage?.subSport : session.subSport);
    const activity: RecordedActivity = {
      ...(session && !damaged ? sessionTotals(session) : fromSamplesOnly),
      sport: namedSport,
      name: null,
      deviceName,
      ...quality,
      laps,
      ...withActiveLengths(samples, lengths),
    };
    return [withStatedAscent(activity, damaged)];
  }
  // Each session spans from its start to the next one's; the first from the first record.
  const spans = sessions.map((session, index) => ({
    session,
    startMs: index === 0 ? -Infinity : (fitTimeMs(session.startTime) ?? -Infinity),
    endMs: fitTimeMs(sessions[index + 1]?.startTime) ?? Infinity,
  }));
  const transition = ({ session }: (typeof spans)[number]) => isFitTransition(session.sport, session.subSport);
  // A file of transitions only is no race: each session stays an activity.
  const race = spans.some((span) => !transition(span));
  const legs = race ? spans.filter((span) => !transition(span)) : spans;
  return legs.map(({ session, startMs, endMs }) => {
    const within = (timeMs: number) => timeMs >= startMs && timeMs < endMs;
    const transitionBeforeS = race ? transitionSecondsBefore(sessions, session) : 0;
    return withStatedAscent({
      ...(damaged ? fromSamplesOnly : sessionTotals(session)),
      sport: recordedSportFromFit(session.sport, session.subSport),
      name: null,
      deviceName,
      ...quality,
      ...(transitionBeforeS > 0 ? { transitionBeforeS } : {}),
      laps: laps.filter((lap) => within(lap.startMs)),
      ...withActiveLengths(
        fromLegStart(samples.filter((sample) => within(sample.timeMs))),
        lengths.filter((length) => within(length.startMs)),
      ),
    }, damaged);
  });
}

/** The seconds of the transitions just before a leg (T1 before the bike): its note, as no activity of their own. */
function transitionSecondsBefore(sessions: SessionMesg[], leg: SessionMesg): number {
  let seconds = 0;
  for (let index = sessions.indexOf(leg) - 1; index >= 0; index--) {
    const session = sessions[index]!;
    if (!isFitTransition(session.sport, session.subSport)) break;
    seconds += fitNumber(session.totalElapsedTime) ?? 0;
  }
  return seconds;
}

/** The totals of a file whose session is missing or not to be trusted: Kairo derives them from the samples. */
const fromSamplesOnly: Pick<RecordedActivity, 'elapsedTimeS' | 'movingTimeS' | 'distanceM' | 'totalElevationGainM' | 'stated'> = {
  elapsedTimeS: null,
  movingTimeS: null,
  distanceM: null,
  totalElevationGainM: null,
  stated: noStatedSummary,
};

/**
 * The samples up to the first far jump of the clock (more than a day past every record before it)
 * and the time of that jump (null when there is none). A single stray record whose clock comes
 * back within the next few records is dropped and reading goes on, as is a first record far
 * from the clock of the records after it; a jump the clock does not come back from ends the
 * readable part of the file.
 */
function readableSamples(samples: RecordedSample[]): { samples: RecordedSample[]; endMs: number | null } {
  const kept: RecordedSample[] = [];
  let latestMs = -Infinity;
  // A stray first record: far from the second, whose clock the third goes on with.
  const [first, second, third] = samples;
  const strayFirst = first && second && third && Math.abs(second.timeMs - first.timeMs) > timeJumpMs && Math.abs(third.timeMs - second.timeMs) <= timeJumpMs;
  for (let index = strayFirst ? 1 : 0; index < samples.length; index++) {
    const sample = samples[index]!;
    if (kept.length > 0 && sample.timeMs - latestMs > timeJumpMs) {
      const comesBack = samples
        .slice(index + 1, index + 1 + strayLookAhead)
        .some((next) => next.timeMs >= latestMs && next.timeMs - latestMs <= timeJumpMs);
      if (comesBack) continue;
      return { samples: kept, endMs: sample.timeMs };
    }
    kept.push(sample);
    latestMs = Math.max(latestMs, sample.timeMs);
  }
  return { samples: kept, endMs: null };
}

interface LengthSpan {
  startMs: number;
  endMs: number;
}

/**
 * A pool swim's lengths swum: each active length message from its start time for its elapsed
 * time. Idle lengths are the rests between sets. None for any other file.
 */
function activeLengthSpans(lengths: LengthMesg[]): LengthSpan[] {
  const spans: LengthSpan[] = [];
  for (const length of lengths) {
    const startMs = fitTimeMs(length.startTime);
    const elapsedS = fitNumber(length.totalElapsedTime);
    if (length.lengthType === 'active' && startMs !== null && elapsedS !== null) {
      spans.push({ startMs, endMs: startMs + elapsedS * 1000 });
    }
  }
  return spans.sort((a, b) => a.startMs - b.startMs);
}

/**
 * The samples, and for a pool swim each marked `active` when its time lies in a length swum
 * (start <= time < start + elapsed time), with the number of those lengths.
 */
function withActiveLengths(
  samples: RecordedSample[],
  lengths: LengthSpan[],
): Pick<RecordedActivity, 'samples' | 'activeLengths'> {
  if (lengths.length === 0) return { samples };
  let next = 0;
  const marked = samples.map((sample) => {
    while (next < lengths.length && lengths[next]!.endMs <= sample.timeMs) next++;
    let active = false;
    for (let j = next; j < lengths.length && lengths[j]!.startMs <= sample.timeMs && !active; j++) {
      active = sample.timeMs < lengths[j]!.endMs;
    }
    return { ...sample, active };
  });
  return { samples: marked, activeLengths: lengths.length };
}

/** A multisport file counts distance from the race start: each leg's stream starts from 0. */
function fromLegStart(samples: RecordedSample[]): RecordedSample[] {
  const startM = samples.find((sample) => typeof sample.distanceM === 'number')?.distanceM ?? 0;
  return samples.map((sample) =>
    typeof sample.distanceM === 'number' ? { ...sample, distanceM: Math.max(0, sample.distanceM - startM) } : sample,
  );
}

function sessionTotals(session: SessionMesg): Pick<RecordedActivity, 'elapsedTimeS' | 'movingTimeS' | 'distanceM' | 'totalElevationGainM' | 'stated'> {
  const poolSwim = session.subSport === 'lapSwimming' && fitNumber(session.activeTime) !== null;
  return {
    elapsedTimeS: fitNumber(session.totalElapsedTime),
    movingTimeS: poolSwim ? fitNumber(session.activeTime) : fitNumber(session.totalTimerTime),
    distanceM: fitNumber(session.totalDistance),
    totalElevationGainM: fitNumber(session.totalAscent),
    stated: statedSummary(session),
  };
}

/**
 * The file's messages. A file cut short (it stops mid-message, or its header promises more data
 * than there is: the recorder lost power, the copy stopped) is read up to its last complete
 * message and marked truncated. A file whose CRC fails (a phone app that wrote it wrong, bytes
 * changed on the way) is read as far as the decoder gets and marked damaged: what decoded is
 * kept, and `readableSamples` ends it where a record's clock jumps out of line. Either is refused
 * only when no record survives. A file whose CRC holds but that the decoder cannot read through
 * (a FIT feature the SDK does not read) is refused rather than imported in part.
 */
function decodeFitMessages(fileName: string, bytes: Uint8Array): { messages: FitMessages; truncated: boolean; damaged: boolean } {
  if (bytes.length < fitHeaderMinBytes) throw new ImportFileError('corrupt', `${fileName} is not a valid FIT file (it is cut short, before any recorded sample).`);
  const headerSize = bytes[0] ?? 0;
  const dataSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  const cutShort = bytes.length < headerSize + dataSize + fitCrcBytes;
  const decoder = new Decoder(Stream.fromBuffer(bytes));
  const intact = !cutShort && decoder.checkIntegrity();
  const { messages, errors } = decoder.read();
  if (intact && errors.length === 0) return { messages, truncated: false, damaged: false };
  const truncated = cutShort || (!intact && errors.some(isEndOfStream));
  if (intact) {
    throw new ImportFileError(
      'corrupt',
      `${fileName} is not a valid FIT file (its data could not be decoded, or it uses a FIT feature Kairo cannot read).`,
      { cause: errors[0] },
    );
  }
  if (!hasTimedRecord(messages)) {
    if (truncated) throw new ImportFileError('corrupt', `${fileName} is not a valid FIT file (it is cut short, before any recorded sample).`);
    // A header that counts less data than the file holds (a phone app that never went back to
    // write it, leaving 0): read the file as one whose data runs to its final CRC.
    const resized = withDataToItsEnd(bytes, headerSize);
    const reread = resized && new Decoder(Stream.fromBuffer(resized)).read().messages;
    if (reread && hasTimedRecord(reread)) return { messages: reread, truncated: false, damaged: true };
    throw new ImportFileError('corrupt', `${fileName} is not a valid FIT file (CRC check failed).`, { cause: errors[0] });
  }
  return { messages, truncated, damaged: !truncated };
}

function hasTimedRecord(messages: FitMessages): boolean {
  return (messages.recordMesgs ?? []).some((record) => fitTimeMs(record.timestamp) !== null);
}

/** The file with its header's data size set to everything between the header and the final CRC (header CRC cleared); null when it already says so. */
function withDataToItsEnd(bytes: Uint8Array, headerSize: number): Uint8Array | null {
  const dataSize = bytes.length - headerSize - fitCrcBytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (headerSize < 12 || dataSize <= 0 || view.getUint32(4, true) >= dataSize) return null;
  // A copy of its own (a Buffer's slice would share, and start within, Node's pool).
  const resized = new Uint8Array(bytes);
  const resizedView = new DataView(resized.buffer, resized.byteOffset, resized.byteLength);
  resizedView.setUint32(4, dataSize, true);
  if (headerSize >= 14) resizedView.setUint16(12, 0, true);
  return resized;
}

/** The SDK's error when a message runs past the last byte: the file stops mid-message. */
function isEndOfStream(error: unknown): boolean {
  return error instanceof Error && /end of stream/i.test(error.message);
}

function statedSummary(message: SessionMesg | LapMesg): StatedSummary {
  const workJ = fitNumber(message.totalWork);
  return {
    averagePowerW: fitNumber(message.avgPower),
    maxPowerW: fitNumber(message.maxPower),
    normalizedPowerW: fitNumber(message.normalizedPower),
    averageHeartrateBpm: fitNumber(message.avgHeartRate),
    maxHeartrateBpm: fitNumber(message.maxHeartRate),
    averageCadenceRpm: withFraction(message.avgCadence, message.avgFractionalCadence),
    averageSpeedMps: fitNumber(message.enhancedAvgSpeed) ?? fitNumber(message.avgSpeed),
    maxSpeedMps: fitNumber(message.enhancedMaxSpeed) ?? fitNumber(message.maxSpeed),
    calories: fitNumber(message.totalCalories),
    workKj: workJ === null ? null : workJ / 1000,
  };
}

function readLap(lap: LapMesg): RecordedLap[] {
  const startMs = fitTimeMs(lap.startTime);
  if (startMs === null) return [];
  return [
    {
      startMs,
      elapsedTimeS: fitNumber(lap.totalElapsedTime),
      movingTimeS: fitNumber(lap.totalTimerTime),
      distanceM: fitNumber(lap.totalDistance),
      stated: statedSummary(lap),
      totalAscentM: fitNumber(lap.totalAscent),
    },
  ];
}

/**
 * The device's total ascent (ADR 0063): the session's, else the sum of its laps' where they state
 * one. A damaged file's totals are not trusted (`fromSamplesOnly`), its laps' neither.
 */
function withStatedAscent(activity: RecordedActivity, damaged: boolean): RecordedActivity {
  if (activity.totalElevationGainM !== null || damaged) return activity;
  return { ...activity, totalElevationGainM: sumOfKnown(activity.laps.map((lap) => lap.totalAscentM ?? null)) };
}

/** The samples of the records that have a timestamp (an indexed loop: a long ride has tens of thousands of records). */
function readRecords(records: RecordMesg[], developerPowerW: (record: RecordMesg) => number | null): RecordedSample[] {
  const samples: RecordedSample[] = [];
  for (let index = 0; index < records.length; index++) {
    const sample = readRecord(records[index]!, developerPowerW);
    if (sample) samples.push(sample);
  }
  return samples;
}

/** A record without a timestamp cannot be placed on the activity's clock and is skipped (null). */
function readRecord(record: RecordMesg, developerPowerW: (record: RecordMesg) => number | null): RecordedSample | null {
  const timeMs = fitTimeMs(record.timestamp);
  if (timeMs === null) return null;
  const latSemicircles = fitNumber(record.positionLat);
  const lngSemicircles = fitNumber(record.positionLong);
  return {
    timeMs,
    latlng:
      latSemicircles !== null && lngSemicircles !== null
        ? [latSemicircles * degreesPerSemicircle, lngSemicircles * degreesPerSemicircle]
        : null,
    altitudeM: fitNumber(record.enhancedAltitude) ?? fitNumber(record.altitude),
    distanceM: fitNumber(record.distance),
    heartrateBpm: fitNumber(record.heartRate),
    cadenceRpm: withFraction(record.cadence, record.fractionalCadence),
    powerW: fitNumber(record.power) ?? developerPowerW(record),
    speedMps: fitNumber(record.enhancedSpeed) ?? fitNumber(record.speed),
    temperatureC: fitNumber(record.temperature),
  };
}

/** FIT's record message and its power field (the profile's numbers, which a field description names). */
const recordMesgNum = 20;
const recordPowerFieldNum = 7;

/** Developer field names of a power reading in watts (normalized: lower case, letters only). */
const developerPowerNames = new Set(['power', 'runningpower', 'rppower', 'strydpower', 'instantaneouspower', 'instantpower']);

interface DeveloperPowerField {
  /** The SDK's key of the field in a record's `developerFields`. */
  key: number;
  scale: number;
  offset: number;
}

/**
 * Power is read from a Connect IQ developer field when no record has native power: the field the
 * app declares as the record's power (native field 7), else one named like power ("Power",
 * Stryd's; "Running Power") in watts. The value is scaled as its field description says.
 */
function developerPowerField(descriptions: FieldDescriptionMesg[]): DeveloperPowerField | null {
  const normalized = (text: unknown) => (typeof text === 'string' ? text.toLowerCase().replace(/[^a-z]/g, '') : '');
  const candidates = descriptions.filter((description) => {
    const forRecords = description.nativeMesgNum === undefined || description.nativeMesgNum === 'record' || description.nativeMesgNum === recordMesgNum;
    const nativePower = forRecords && description.nativeFieldNum === recordPowerFieldNum;
    const namedPower = developerPowerNames.has(normalized(description.fieldName)) && ['w', 'watt', 'watts'].includes(normalized(description.units));
    return forRecords && (nativePower || namedPower);
  });
  const power = candidates.find((description) => description.nativeFieldNum === recordPowerFieldNum) ?? candidates[0];
  const key = fitNumber((power as { key?: unknown } | undefined)?.key);
  if (power === undefined || key === null) return null;
  return { key, scale: fitNumber(power.scale) ?? 1, offset: fitNumber(power.offset) ?? 0 };
}

/** A developer field's raw value in watts, as its description scales it. */
function developerPowerW(raw: unknown, { scale, offset }: DeveloperPowerField): number | null {
  const value = fitNumber(Array.isArray(raw) && raw.length === 1 ? raw[0] : raw);
  return value === null || scale === 0 ? null : value / scale - offset;
}

/** Each SDK record's developer power, none where a record has native power. */
function developerPowerReader(field: DeveloperPowerField | null, records: RecordMesg[]): (record: RecordMesg) => number | null {
  const none = () => null;
  if (field === null || records.some((record) => fitNumber(record.power) !== null)) return none;
  return (record) => developerPowerW((record as { developerFields?: Record<number, unknown> }).developerFields?.[field.key], field);
}

/** Kairo's own records (fit-records.ts) with the developer power filled in, when no record has native power. */
function withDeveloperPower({ samples, nativePower, developerValues }: FitRecords, field: DeveloperPowerField | null): RecordedSample[] {
  if (field === null || nativePower) return samples;
  const values = developerValues(field.key);
  for (let index = 0; index < samples.length; index++) samples[index]!.powerW = developerPowerW(values[index], field);
  return samples;
}

/** FIT splits cadence into whole and fractional parts (running cadence 80 + 0.5). */
function withFraction(whole: unknown, fraction: unknown): number | null {
  const wholeValue = fitNumber(whole);
  return wholeValue === null ? null : wholeValue + (fitNumber(fraction) ?? 0);
}

/** The SDK gives numbers, but arrays or strings where a file defines a field unusually. */
function fitNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function fitTimeMs(value: unknown): number | null {
  return value instanceof Date ? fitNumber(value.getTime()) : null;
}

/**
 * "Garmin Edge 810" from the file id (or the creator device's info): the product name when the
 * device writes one, else the SDK's product key made readable.
 */
function fitDeviceName(fileId: FileIdMesg | undefined, deviceInfos: DeviceInfoMesg[]): string | null {
  const creator = deviceInfos.find((info) => info.deviceIndex === 'creator');
  const manufacturer = readableKey(fileId?.manufacturer ?? creator?.manufacturer);
  const product =
    nonEmptyText(fileId?.productName) ??
    nonEmptyText(creator?.productName) ??
    readableKey(fileId?.garminProduct ?? creator?.garminProduct);
  // Suunto writes its name into the product name ('Suunto Vertical 2'): not 'Suunto Suunto Vertical 2'.
  if (manufacturer !== null && product !== null && startsWithWord(product, manufacturer)) return product;
  const parts = [manufacturer, product].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

function startsWithWord(text: string, word: string): boolean {
  return text.toLowerCase() === word.toLowerCase() || text.toLowerCase().startsWith(`${word.toLowerCase()} `);
}

function nonEmptyText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** 'edge1030Plus' -> 'Edge 1030 Plus', 'fr220' -> 'FR 220'; short letter runs are acronyms. */
function readableKey(value: unknown): string | null {
  const key = nonEmptyText(value);
  if (key === null) return null;
  const words = key.match(/[A-Za-z][a-z]*|[0-9]+/g) ?? [];
  const readable = words
    .map((word) => (/^[a-z]{1,3}$/i.test(word) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
  return readable || null;
}
