/**
 * The settings that move a Node process's clock and time zone (`npm run test:awkward`), taken from
 * this process's environment so that a child it starts with a clean environment (a Kairo server,
 * the admin CLI) lives on the same day as the test that reads its answers: the moved `Date`
 * (test/support/moved-date.ts) loaded first, and the time zone. Empty on an ordinary run.
 */
export function movedClockEnv(): Record<string, string> {
  const movedDate = process.env.KAIRO_TEST_MOVED_DATE;
  return {
    ...(movedDate ? { NODE_OPTIONS: `--import=${movedDate}`, KAIRO_TEST_MOVED_DATE: movedDate } : {}),
    ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
  };
}
