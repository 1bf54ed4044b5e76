import { afterAll, beforeAll } from 'vitest';
import type { RateLimitSettings } from '../../tools/strava-sim/rate-limit.ts';
import type { RunningStravaSim } from '../../tools/strava-sim/sim.ts';
import type { TestDatabaseKind } from './databases.ts';
import { startTestKairo, type TestKairo } from './kairo.ts';
import { startSimForKairo } from './strava.ts';

export interface KairoWithSim {
  sim: RunningStravaSim;
  server: TestKairo;
}

/**
 * For one describe block: a standalone Strava simulator and Kairo configured against it (real
 * Strava mode), closed after the block. Filled in by the time the block's own hooks and tests run.
 */
export function useKairoWithSim(
  kind: TestDatabaseKind,
  options: { limits?: Partial<RateLimitSettings>; env?: Record<string, string> } = {},
): KairoWithSim {
  const setup = {} as KairoWithSim;
  beforeAll(async () => {
    const started = await startSimForKairo(options.limits);
    setup.sim = started.sim;
    setup.server = await startTestKairo(kind, { ...started.env, ...options.env });
  });
  afterAll(async () => {
    await setup.server?.close();
    await setup.sim?.close();
  });
  return setup;
}
