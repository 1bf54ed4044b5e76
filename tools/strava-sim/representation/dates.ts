/** Strava's timestamps: ISO 8601 to the second, "Z" suffix. */
export function isoSeconds(epochS: number): string {
  return new Date(epochS * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Strava's `start_date_local`: the local wall-clock time, also written with a "Z". */
export function isoLocalSeconds(epochS: number, utcOffsetS: number): string {
  return isoSeconds(epochS + utcOffsetS);
}
