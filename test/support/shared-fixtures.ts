import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/**
 * The one way tests reach real recordings and recorded API responses (docs/decisions/0061).
 *
 * Kairo commits none of them: they come from other public repositories and live in the
 * developers' shared folder, `../shared/fixtures` beside the clone (or wherever `KAIRO_FIXTURES`
 * points). A clone without that folder still runs every behaviour on recordings Kairo generates
 * itself (tools/recordings); the tests on real files are then skipped, each suite's name saying
 * why (test/support/fixture-suites.ts), and `npm test` ends with one line saying so (scripts/test.ts).
 */

const root = resolve(import.meta.dirname, '../..');

function locate(): string | null {
  const configured = process.env.KAIRO_FIXTURES;
  if (configured) {
    const dir = isAbsolute(configured) ? configured : resolve(root, configured);
    return existsSync(join(dir, 'README.md')) ? dir : null;
  }
  const beside = resolve(root, '../shared/fixtures');
  return existsSync(join(beside, 'README.md')) ? beside : null;
}

/** The shared fixtures folder, or null when this clone has none. */
export const sharedFixturesDir: string | null = locate();

/** True when the real recordings are here to test against. */
export const hasSharedFixtures = sharedFixturesDir !== null;

/** Why the real-recording tests are skipped, in one line. */
export const SHARED_FIXTURES_ABSENT =
  'skipped: the real recordings of ../shared/fixtures are not beside this clone (set KAIRO_FIXTURES to their folder to run them)';

/** Absolute path of a shared fixture, e.g. `files/ride_outdoor_power_edge810.fit`. Throws when the folder is absent. */
export function sharedFixturePath(relative: string): string {
  if (!sharedFixturesDir) throw new Error(`shared fixture ${relative}: ${SHARED_FIXTURES_ABSENT}`);
  return join(sharedFixturesDir, relative);
}

/** The bytes of a shared fixture. Call it inside a test or hook of a suite skipped without them. */
export const sharedFixture = (relative: string): Buffer => readFileSync(sharedFixturePath(relative));

/** A recorded activity file of `files/` (see the fixtures README). */
export const fixtureFile = (name: string): Buffer => sharedFixture(join('files', name));

/** A recorded Strava API response of `strava/`, parsed. */
export const stravaFixture = (name: string): any => JSON.parse(sharedFixture(join('strava', name)).toString('utf8'));
