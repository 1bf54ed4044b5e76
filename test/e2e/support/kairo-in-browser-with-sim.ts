import { afterAll, beforeAll } from 'vitest';
import type { RunningStravaSim } from '../../../tools/strava-sim/sim.ts';
import { startSimForKairo } from '../../support/strava.ts';
import { useKairoInBrowser, type KairoInBrowser } from './kairo-in-browser.ts';
import type { ExpectedResponseError } from './browser.ts';

/**
 * `useKairoInBrowser` with Kairo pointed at a Strava simulator of the block's own (not the demo's),
 * which the tests drive through `sim.control`. Filled in by the time the block's tests run.
 */
export function useKairoInBrowserWithSim(expected: readonly ExpectedResponseError[]): KairoInBrowser & { sim: RunningStravaSim } {
  // Filled in before the server starts (the hooks run in order): Kairo talks to this simulator.
  const env: Record<string, string> = {};
  let sim: RunningStravaSim | undefined;
  beforeAll(async () => {
    const started = await startSimForKairo();
    sim = started.sim;
    Object.assign(env, started.env);
  });
  afterAll(async () => {
    await sim?.close();
  });
  const session = useKairoInBrowser(expected, env);
  return Object.defineProperty(session, 'sim', { get: () => sim }) as KairoInBrowser & { sim: RunningStravaSim };
}
