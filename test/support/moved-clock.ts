/**
 * The settings that move a process's clock and time zone (`npm run test:awkward`, libfaketime),
 * taken from this process's environment so that a child it starts with a clean environment (a
 * Kairo server, the admin CLI) lives on the same day as the test that reads its answers. Empty on
 * an ordinary run.
 */
const CLOCK_SETTINGS = ['LD_PRELOAD', 'FAKETIME', 'FAKETIME_DONT_FAKE_MONOTONIC', 'FAKETIME_NO_CACHE', 'TZ'] as const;

export function movedClockEnv(): Record<string, string> {
  return Object.fromEntries(CLOCK_SETTINGS.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
}
