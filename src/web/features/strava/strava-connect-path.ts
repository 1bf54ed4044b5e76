/** Connecting is a browser navigation: the server sends the athlete on to Strava's consent page. */
export const STRAVA_CONNECT_PATH = '/api/auth/strava';
