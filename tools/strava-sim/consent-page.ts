import type { Scope } from './tokens.ts';

/** What each scope lets the application do, in the words of Strava's own consent screen. */
const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  read: 'View data about your public segments, routes, profile and activities',
  read_all: 'View data about your private routes, segments, and events',
  'profile:read_all': 'View your complete Strava profile',
  'profile:write': 'Update your weight and Functional Threshold Power (FTP)',
  'activity:read': 'View data about your activities',
  'activity:read_all': 'View data about your private activities',
  'activity:write': 'Upload your activities from the application to Strava',
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);

export interface ConsentPageInput {
  /** Where the form posts: the simulator's /oauth/authorize. */
  action: string;
  applicationName: string;
  athleteName: string;
  athleteId: number;
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  scopes: readonly Scope[];
}

/**
 * The authorisation screen (only with STRAVA_SIM_CONSENT=1): the athlete may untick scopes, as on
 * Strava, or cancel. Plain HTML without scripts or styles, so it passes any content policy of a
 * host app that mounts the simulator.
 */
export function consentPage(input: ConsentPageInput): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const scopeItems = input.scopes
    .map((scope) => {
      // Strava always grants `read`: its box cannot be unticked.
      const locked = scope === 'read' ? ' disabled' : '';
      return `<li><label><input type="checkbox" name="scope" value="${scope}" checked${locked}> ${escapeHtml(SCOPE_DESCRIPTIONS[scope])}</label></li>`;
    })
    .join('\n        ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Authorize ${escapeHtml(input.applicationName)} | Strava simulator</title>
  </head>
  <body>
    <main>
      <h1>Authorize ${escapeHtml(input.applicationName)} to connect to Strava</h1>
      <p>Signed in as ${escapeHtml(input.athleteName)} (athlete ${input.athleteId}).</p>
      <form method="post" action="${escapeHtml(input.action)}">
        ${hidden('client_id', input.clientId)}
        ${hidden('redirect_uri', input.redirectUri)}
        ${input.state === undefined ? '' : hidden('state', input.state)}
        ${hidden('requested_scope', input.scopes.join(','))}
        <ul>
        ${scopeItems}
        </ul>
        <button type="submit" name="decision" value="authorize">Authorize</button>
        <button type="submit" name="decision" value="cancel">Cancel</button>
      </form>
    </main>
  </body>
</html>
`;
}
