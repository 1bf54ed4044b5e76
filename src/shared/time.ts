/** Milliseconds in a day of 24 hours: a UTC day (a local day across a clock change is an hour longer or shorter). */
export const DAY_MS = 86_400_000;
