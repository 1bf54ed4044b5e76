import type { ActivityStreams } from '../../../metrics/activity-streams.ts';

/** Strava's streams answer with key_by_type=true: `{ time: { data: [...] }, watts: {...}, ... }`. */
export type StravaStreamSet = Partial<Record<string, { data: unknown[] }>>;

/** The Strava stream types Kairo asks for. */
export const STRAVA_STREAM_KEYS = [
  'time',
  'distance',
  'latlng',
  'altitude',
  'velocity_smooth',
  'heartrate',
  'cadence',
  'watts',
  'temp',
  'moving',
] as const;

const numbers = (data: unknown[] | undefined): (number | null)[] | undefined =>
  data?.map((value) => (typeof value === 'number' && Number.isFinite(value) ? value : null));

/** Maps Strava's stream set onto Kairo's stream shape; returns null when there is no time stream. */
export function fromStravaStreams(set: StravaStreamSet): ActivityStreams | null {
  const time = numbers(set.time?.data);
  if (!time || time.length === 0 || time.some((t) => t === null)) return null;
  const length = time.length;
  const aligned = <T>(data: T[] | undefined) => (data && data.length === length ? data : undefined);

  const streams: ActivityStreams = { timeS: time as number[] };
  const assign = <K extends keyof ActivityStreams>(key: K, value: ActivityStreams[K] | undefined) => {
    if (value) streams[key] = value;
  };
  assign('distanceM', aligned(numbers(set.distance?.data)));
  assign('altitudeM', aligned(numbers(set.altitude?.data)));
  assign('speedMps', aligned(numbers(set.velocity_smooth?.data)));
  assign('heartrateBpm', aligned(numbers(set.heartrate?.data)));
  assign('cadenceRpm', aligned(numbers(set.cadence?.data)));
  assign('powerW', aligned(numbers(set.watts?.data)));
  assign('temperatureC', aligned(numbers(set.temp?.data)));
  assign(
    'latlng',
    aligned(
      set.latlng?.data.map((point) =>
        Array.isArray(point) && typeof point[0] === 'number' && typeof point[1] === 'number'
          ? ([point[0], point[1]] as [number, number])
          : null,
      ),
    ),
  );
  assign('moving', aligned(set.moving?.data.map((value) => value === true)));
  return streams;
}
