/**
 * Real towns popular with endurance athletes, used as the home of a simulated athlete so maps and
 * time zones look right. The climate numbers give plausible temperatures through the year.
 */
export interface Place {
  city: string;
  state: string;
  country: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  altitudeM: number;
  /** Mean daily temperature over the year and half the summer–winter swing, in °C. */
  meanTemperatureC: number;
  temperatureSwingC: number;
  /** How hilly the roads around are: scales the climbs of the local loops (1 = rolling hills). */
  hilliness: number;
  /** Where the hikes start: a trailhead in the nearby hills, as an offset from home in metres. */
  trailheadOffsetM: { eastM: number; northM: number; altitudeGainM: number };
}

export const PLACES: readonly Place[] = [
  {
    city: 'Girona',
    state: 'Catalonia',
    country: 'Spain',
    timeZone: 'Europe/Madrid',
    latitude: 41.9794,
    longitude: 2.8214,
    altitudeM: 75,
    meanTemperatureC: 15,
    temperatureSwingC: 8,
    hilliness: 1.1,
    trailheadOffsetM: { eastM: -24_000, northM: 9_000, altitudeGainM: 380 },
  },
  {
    city: 'Boulder',
    state: 'Colorado',
    country: 'United States',
    timeZone: 'America/Denver',
    latitude: 40.015,
    longitude: -105.2705,
    altitudeM: 1_655,
    meanTemperatureC: 11,
    temperatureSwingC: 11,
    hilliness: 1.3,
    trailheadOffsetM: { eastM: -9_000, northM: 2_000, altitudeGainM: 420 },
  },
  {
    city: 'Annecy',
    state: 'Auvergne-Rhône-Alpes',
    country: 'France',
    timeZone: 'Europe/Paris',
    latitude: 45.8992,
    longitude: 6.1294,
    altitudeM: 448,
    meanTemperatureC: 11,
    temperatureSwingC: 9,
    hilliness: 1.4,
    trailheadOffsetM: { eastM: 12_000, northM: -6_000, altitudeGainM: 550 },
  },
  {
    city: 'Leuven',
    state: 'Flemish Brabant',
    country: 'Belgium',
    timeZone: 'Europe/Brussels',
    latitude: 50.8798,
    longitude: 4.7005,
    altitudeM: 30,
    meanTemperatureC: 10.5,
    temperatureSwingC: 7,
    hilliness: 0.35,
    trailheadOffsetM: { eastM: 70_000, northM: -90_000, altitudeGainM: 250 },
  },
  {
    city: 'Bend',
    state: 'Oregon',
    country: 'United States',
    timeZone: 'America/Los_Angeles',
    latitude: 44.0582,
    longitude: -121.3153,
    altitudeM: 1_105,
    meanTemperatureC: 8.5,
    temperatureSwingC: 9,
    hilliness: 0.8,
    trailheadOffsetM: { eastM: -30_000, northM: 6_000, altitudeGainM: 600 },
  },
];

const METRES_PER_DEGREE_LATITUDE = 111_320;

/** Converts a local east/north offset from a reference point to latitude and longitude. */
export function offsetToLatLng(latitude: number, longitude: number, eastM: number, northM: number): [number, number] {
  const lat = latitude + northM / METRES_PER_DEGREE_LATITUDE;
  const lng = longitude + eastM / (METRES_PER_DEGREE_LATITUDE * Math.cos((latitude * Math.PI) / 180));
  return [lat, lng];
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
/** Offsets by zone and hour: formatting a date is slow and history generation asks per session. */
const offsetsByHour = new Map<string, number>();

/** The UTC offset in seconds of a time zone at an instant (daylight saving included). */
export function utcOffsetS(timeZone: string, epochS: number): number {
  const key = `${timeZone}@${Math.floor(epochS / 3600)}`;
  let offset = offsetsByHour.get(key);
  if (offset === undefined) {
    offset = formatOffsetS(timeZone, epochS);
    offsetsByHour.set(key, offset);
  }
  return offset;
}

function formatOffsetS(timeZone: string, epochS: number): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, formatter);
  }
  const name = formatter.formatToParts(new Date(epochS * 1000)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const sign = match[1] === '-' ? -1 : 1;
  return sign * (Number(match[2]) * 3600 + Number(match[3]) * 60);
}

/**
 * Strava's `timezone` label, e.g. "(GMT+01:00) Europe/Madrid": the zone's standard (winter)
 * offset, while `utc_offset` carries the offset in force at the activity's start.
 */
export function stravaTimeZoneLabel(timeZone: string, epochS: number): string {
  const year = new Date(epochS * 1000).getUTCFullYear();
  const januaryOffsetS = utcOffsetS(timeZone, Date.UTC(year, 0, 15) / 1000);
  const julyOffsetS = utcOffsetS(timeZone, Date.UTC(year, 6, 15) / 1000);
  const standardS = Math.min(januaryOffsetS, julyOffsetS);
  const sign = standardS < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(standardS) / 3600)).padStart(2, '0');
  const minutes = String(Math.floor((Math.abs(standardS) % 3600) / 60)).padStart(2, '0');
  return `(GMT${sign}${hours}:${minutes}) ${timeZone}`;
}
