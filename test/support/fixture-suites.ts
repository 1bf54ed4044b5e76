import { describe, it } from 'vitest';
import { hasSharedFixtures, SHARED_FIXTURES_ABSENT, stravaFixture } from './shared-fixtures.ts';

/**
 * A suite on the real recordings of ../shared/fixtures. Without them it is one skipped test that
 * says why; its factory is not run (Vitest runs a skipped suite's factory to collect its tests,
 * and these factories read the files).
 */
export function describeWithFixtures(title: string, factory: () => void | Promise<void>): void {
  if (hasSharedFixtures) describe(title, factory);
  else describe(title, () => it.skip(SHARED_FIXTURES_ABSENT, () => undefined));
}

/** One test on the real recordings, in a suite that also runs without them. */
export function itWithFixtures(title: string, test: () => unknown, timeoutMs?: number): void {
  if (hasSharedFixtures) it(title, test, timeoutMs);
  else it.skip(`${title} (${SHARED_FIXTURES_ABSENT})`, () => undefined);
}

/**
 * Compares with a recorded Strava response where the shared fixtures are here. The rest of the
 * test (what the simulator does) runs in every clone; only this comparison needs the recording.
 */
export function againstRecorded(name: string, check: (recorded: any) => void): void {
  if (hasSharedFixtures) check(stravaFixture(name));
}
