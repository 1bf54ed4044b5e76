import type { ActivitySourceName } from '../../../shared/api/activities.ts';
import type { FactOrigin } from '../../ai/provenance.ts';

/**
 * The Strava fence of /mcp (ADR 0077). Strava's API policy forbids handing Strava data, or anything
 * derived from it, to an AI application or agent interface, and an MCP server is exactly that. So
 * whatever the configured data policy (ADR 0007: `relaxed` only loosens what Kairo's own model may
 * read), nothing whose provenance holds 'strava' leaves through /mcp: not an activity synced from
 * Strava, not a score made against thresholds read from Strava, not a series or answer computed
 * from either. Every tool says what it left out, in the words below, never silently.
 */

/** Whether a figure with these origins may leave through /mcp. */
export function mayLeaveThroughMcp(origins: readonly FactOrigin[]): boolean {
  return !origins.includes('strava');
}

/** An activity's own figures may leave when it was not synced from Strava. */
export function isOwnActivity(source: ActivitySourceName): boolean {
  return source !== 'strava';
}

/** Its threshold-based scores (load, TSS, IF, zones, % FTP) may leave when no threshold came from Strava. */
export function hasOwnThresholds(thresholdSources: readonly ActivitySourceName[] | null | undefined): boolean {
  return mayLeaveThroughMcp(thresholdSources ?? []);
}

/** Why, and what the athlete can do: appended to every note of something left out. */
export const STRAVA_FENCE_REASON =
  "Strava's API terms do not allow handing Strava data, or figures computed from it, to AI assistants. " +
  'Upload the activity files, or import your Strava export archive (Settings → Import), to share your history here; ' +
  'an activity already synced from Strava is kept as its Strava copy, so disconnect Strava before importing the archive to replace those.';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "12 activities synced from Strava are not shared here." */
export function stravaActivitiesLeftOut(count: number, where = ''): string {
  const verb = count === 1 ? 'is' : 'are';
  return `${plural(count, 'activity', 'activities')} synced from Strava ${verb} not shared here${where}. ${STRAVA_FENCE_REASON}`;
}

/** For own activities whose scores used an FTP, heart-rate zones or estimates read from Strava. */
export function stravaThresholdScoresLeftOut(count: number): string {
  return (
    `The training load, TSS, intensity and zone figures of ${plural(count, 'activity', 'activities')} are left out: ` +
    'they were scored against an FTP, heart-rate zones or estimates read from Strava. Set your own FTP and zones in Settings to share them.'
  );
}
