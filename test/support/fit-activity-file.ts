import { Encoder } from '@garmin/fitsdk';
import type { Mesg } from '@garmin/fitsdk';

/**
 * Small FIT activity files written with Garmin's SDK encoder (as Kairo writes workouts,
 * src/server/workouts/fit.ts), for the import tests of issue 25: a file id, records at 1 Hz, and
 * whatever sessions, sport, developer fields or damage a test needs.
 */

/** Global message numbers of the FIT profile (fixed by the protocol). */
const mesgNum = { FILE_ID: 0, SPORT: 12, SESSION: 18, RECORD: 20, FIELD_DESCRIPTION: 206, DEVELOPER_DATA_ID: 207 } as const;

export interface FitRecordSpec {
  timestamp: Date;
  heartRate?: number;
  power?: number;
  speed?: number;
  distance?: number;
  cadence?: number;
  /** Developer field values by the key given to `developerFields`. */
  developerFields?: Record<number, number>;
}

export interface FitSessionSpec {
  sport: string | number;
  subSport?: string | number;
  startTime: Date;
  totalElapsedTime: number;
  totalTimerTime?: number;
  totalDistance?: number;
}

export interface FitDeveloperFieldSpec {
  key: number;
  fieldName: string;
  units: string;
  /** FIT base type id: 132 = uint16, 134 = uint32, 2 = uint8. */
  fitBaseTypeId?: number;
  nativeMesgNum?: number;
  nativeFieldNum?: number;
}

export interface FitActivitySpec {
  records: FitRecordSpec[];
  sessions?: FitSessionSpec[];
  /** A sport message (written before the records), as phone apps without a session write it. */
  sport?: { sport: string | number; subSport?: string | number };
  developerFields?: FitDeveloperFieldSpec[];
}

/** `count` records a second apart from `start`, each with what `fill` gives for its index. */
export function recordsEverySecond(start: Date, count: number, fill: (index: number) => Partial<FitRecordSpec> = () => ({})): FitRecordSpec[] {
  return Array.from({ length: count }, (_, index) => ({
    timestamp: new Date(start.getTime() + index * 1000),
    ...fill(index),
  }));
}

/** The bytes of a FIT activity file. */
export function encodeFitActivity(spec: FitActivitySpec): Uint8Array {
  const developer = spec.developerFields ?? [];
  const fieldDescriptions = Object.fromEntries(
    developer.map((field) => [
      field.key,
      {
        developerDataIdMesg: { developerDataIndex: 0, applicationId: Array.from({ length: 16 }, (_, i) => i), applicationVersion: 1 },
        fieldDescriptionMesg: {
          developerDataIndex: 0,
          fieldDefinitionNumber: field.key,
          fitBaseTypeId: field.fitBaseTypeId ?? 132,
          fieldName: field.fieldName,
          units: field.units,
          ...(field.nativeMesgNum === undefined ? {} : { nativeMesgNum: field.nativeMesgNum }),
          ...(field.nativeFieldNum === undefined ? {} : { nativeFieldNum: field.nativeFieldNum }),
        },
      },
    ]),
  );
  const encoder = new Encoder({ fieldDescriptions } as ConstructorParameters<typeof Encoder>[0]);
  const first = spec.records[0]?.timestamp ?? new Date('2024-05-01T08:00:00Z');
  write(encoder, mesgNum.FILE_ID, { type: 'activity', manufacturer: 'development', product: 0, timeCreated: first });
  if (developer.length > 0) {
    write(encoder, mesgNum.DEVELOPER_DATA_ID, fieldDescriptions[developer[0]!.key]!.developerDataIdMesg);
    for (const field of developer) write(encoder, mesgNum.FIELD_DESCRIPTION, fieldDescriptions[field.key]!.fieldDescriptionMesg);
  }
  if (spec.sport) write(encoder, mesgNum.SPORT, spec.sport);
  for (const record of spec.records) {
    const { developerFields, ...fields } = record;
    write(encoder, mesgNum.RECORD, developerFields ? { ...fields, developerFields } : fields);
  }
  for (const session of spec.sessions ?? []) {
    write(encoder, mesgNum.SESSION, {
      timestamp: new Date(session.startTime.getTime() + session.totalElapsedTime * 1000),
      totalTimerTime: session.totalElapsedTime,
      ...session,
    });
  }
  return encoder.close();
}

function write(encoder: Encoder, num: number, mesg: object): void {
  encoder.onMesg(num, mesg as Mesg);
}
