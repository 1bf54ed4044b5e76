import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../tools/recordings/index.ts';
import { checkRecording, KNOWN_DEFECTS, START } from './recordings-compare.ts';

/**
 * The figures Kairo gets wrong today on generated recordings (ADR 0062), one skipped block per
 * defect. Whoever fixes a defect switches its block on (describe.skip → describe) and removes the
 * figures from KNOWN_DEFECTS in recordings-compare.ts, so they are checked there as well.
 * Today's numbers (Kairo vs truth, start 2026-05-03T07:30Z, default seeds) are in each comment.
 */

async function expectFiguresRight(name: string, figures: readonly string[]) {
  const checks = await checkRecording(PRESETS[name]!.make({ start: START }));
  const wrong = checks.filter((check) => figures.includes(check.figure) && !check.ok);
  expect(checks.filter((check) => figures.includes(check.figure))).toHaveLength(figures.length);
  expect(wrong).toEqual([]);
}

const defect = (names: string[]) => {
  for (const name of names) it(name, () => expectFiguresRight(name, KNOWN_DEFECTS[name] ?? []));
};

// Noise-robust elevation: a barometric run with 6 m rollers gives 16.9 m of the true 21.1 m.
describe.skip('known defect: small climbs smoothed away (noise-robust elevation)', () => defect(['stravaExportRunTcx']));

// Noise-robust elevation: GPS-only altitude (±5 m) on a hilly ride gives 197–210 m of the true 237 m.
describe.skip('known defect: GPS-only altitude under-counted (noise-robust elevation)', () => defect(['gpsHillyRide']));

// Noise-robust elevation: barometric noise on a flat road at foot pace gives 3.2–3.5 m, the truth 0 (3 m allowed).
describe.skip('known defect: noise counted as climbing on flat slow activities (noise-robust elevation)', () =>
  defect(['genericSession', 'genericSessionTcx', 'developerPowerRun', 'tcxLapDistanceRestartRun']));

describe('the defect list', () => {
  it('names only presets that exist', () => {
    for (const name of Object.keys(KNOWN_DEFECTS)) expect(PRESETS).toHaveProperty(name);
  });
});
