import { Decoder, Stream } from '@garmin/fitsdk';
import type { DeviceInfoMesg, FileIdMesg, FitMessages, LapMesg, LengthMesg, RecordMesg, SessionMesg } from '@garmin/fitsdk';
import { ImportFileError } from './import-file-error.ts';
import type { RecordedActivity, RecordedLap, RecordedSample, StatedSummary } from './parsed-activity.ts';
import { sportFromFit } from './sport-type.ts';
import { noStatedSummary } from './stated-summary.ts';

/** A FIT header is 12 or 14 bytes, and the file ends with a 2-byte CRC. */
const fitHeaderProbeBytes = 16;
const fitCrcBytes = 2;

/** FIT positions are semicircles: 2^31 of them make 180 degrees. */
const degreesPerSemicircle = 180 / 2 ** 31;

/** Whether the bytes start with a FIT file header (size byte, '.FIT' signature). */
export function isFitFile(bytes: Uint8Array): boolean {
  return Decoder.isFIT(Stream.fromBuffer(bytes.subarray(0, fitHeaderProbeBytes)));
}

/**
 * Reads a FIT activity file with Garmin's SDK. Totals come from the session message, the sport
 * from the session's sport and sub sport, laps from lap messages. A multisport file (a triathlon:
 * one session per leg, transitions included) gives one activity per session, each with the records
 * and laps of its own time span (ADR 0020). A pool swim's moving time is its active lengths' time
 * (the session's active time): its records are sparse and its timer runs through the rests; each
 * of its samples says whether it lies in a length swum or a rest (`active`), for its heart rate.
 * FIT running cadence counts the steps of one foot per minute (cadence + fractional cadence).
 */
export function readFit(fileName: string, bytes: Uint8Array): RecordedActivity[] {
  const { messages, truncated } = decodeFitMessages(fileName, bytes);
  const fileId = messages.fileIdMesgs?.[0];
  if (fileId?.type !== undefined && fileId.type !== 'activity') {
    throw new ImportFileError('unsupported', `${fileName} is a FIT ${String(fileId.type)} file, not a recorded activity.`);
  }
  const sessions = messages.sessionMesgs ?? [];
  const deviceName = fitDeviceName(fileId, messages.deviceInfoMesgs ?? []);
  const samples = (messages.recordMesgs ?? []).flatMap(readRecord);
  const laps = (messages.lapMesgs ?? []).flatMap(readLap);
  const lengths = activeLengthSpans(messages.lengthMesgs ?? []);
  if (sessions.length <= 1) {
    const session = sessions[0];
    const sportMessage = messages.sportMesgs?.[0];
    return [
      {
        ...(session
          ? sessionTotals(session)
          : {
              sport: sportFromFit(sportMessage?.sport, sportMessage?.subSport),
              elapsedTimeS: null,
              movingTimeS: null,
              distanceM: null,
              totalElevationGainM: null,
              stated: noStatedSummary,
            }),
        name: null,
        deviceName,
        truncated,
        laps,
        ...withActiveLengths(samples, lengths),
      },
    ];
  }
  return sessions.map((session, index) => {
    const startMs = fitTimeMs(session.startTime) ?? -Infinity;
    const nextStartMs = fitTimeMs(sessions[index + 1]?.startTime) ?? Infinity;
    const within = (timeMs: number) => timeMs >= startMs && timeMs < nextStartMs;
    return {
      ...sessionTotals(session),
      name: null,
      deviceName,
      truncated,
      laps: laps.filter((lap) => within(lap.startMs)),
      ...withActiveLengths(
        fromLegStart(samples.filter((sample) => within(sample.timeMs))),
        lengths.filter((length) => within(length.startMs)),
      ),
    };
  });
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

function sessionTotals(
  session: SessionMesg,
): Pick<RecordedActivity, 'sport' | 'elapsedTimeS' | 'movingTimeS' | 'distanceM' | 'totalElevationGainM' | 'stated'> {
  const poolSwim = session.subSport === 'lapSwimming' && fitNumber(session.activeTime) !== null;
  return {
    sport: sportFromFit(session.sport, session.subSport),
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
 * message and marked truncated; it is refused only when no record survives. A file whose CRC
 * fails but that reads to its end was changed somewhere unknown, and is refused.
 */
function decodeFitMessages(fileName: string, bytes: Uint8Array): { messages: FitMessages; truncated: boolean } {
  const headerSize = bytes[0] ?? 0;
  const dataSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  const cutShort = bytes.length < headerSize + dataSize + fitCrcBytes;
  const decoder = new Decoder(Stream.fromBuffer(bytes));
  const intact = !cutShort && decoder.checkIntegrity();
  const { messages, errors } = decoder.read();
  if (intact && errors.length === 0) return { messages, truncated: false };
  const endedEarly = !intact && (cutShort || errors.some(isEndOfStream));
  if (!endedEarly) {
    if (!intact) throw new ImportFileError('corrupt', `${fileName} is not a valid FIT file (CRC check failed).`);
    throw new ImportFileError(
      'corrupt',
      `${fileName} is not a valid FIT file (its data could not be decoded, or it uses a FIT feature Kairo cannot read).`,
      { cause: errors[0] },
    );
  }
  if (!(messages.recordMesgs ?? []).some((record) => fitTimeMs(record.timestamp) !== null)) {
    throw new ImportFileError('corrupt', `${fileName} is not a valid FIT file (it is cut short, before any recorded sample).`);
  }
  return { messages, truncated: true };
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
    },
  ];
}

/** A record without a timestamp cannot be placed on the activity's clock and is skipped. */
function readRecord(record: RecordMesg): RecordedSample[] {
  const timeMs = fitTimeMs(record.timestamp);
  if (timeMs === null) return [];
  const latSemicircles = fitNumber(record.positionLat);
  const lngSemicircles = fitNumber(record.positionLong);
  return [
    {
      timeMs,
      latlng:
        latSemicircles !== null && lngSemicircles !== null
          ? [latSemicircles * degreesPerSemicircle, lngSemicircles * degreesPerSemicircle]
          : null,
      altitudeM: fitNumber(record.enhancedAltitude) ?? fitNumber(record.altitude),
      distanceM: fitNumber(record.distance),
      heartrateBpm: fitNumber(record.heartRate),
      cadenceRpm: withFraction(record.cadence, record.fractionalCadence),
      powerW: fitNumber(record.power),
      speedMps: fitNumber(record.enhancedSpeed) ?? fitNumber(record.speed),
      temperatureC: fitNumber(record.temperature),
    },
  ];
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
