import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFitnessSeries, morningFitness, type FitnessDay } from '../../src/metrics/fitness.ts';
import { writeBuiltinAnalysis } from '../../src/server/features/analysis/coach/builtin.ts';
import { fitnessFacts, loadFacts, recentTrainingFacts } from '../../src/server/features/facts/index.ts';
import { logEntry } from '../factories.ts';
import { contextOf } from './support/analysis-context.ts';

/**
 * One voice on fitness (issue 28): an analysis's fitness, fatigue and form are the figures Home
 * and Ask Kai show for the same mornings, not a second rounding of the stored series. Home shows a
 * day as of its morning (morningFitness, ADR 0071); the analysis reads the fact layer's builders.
 */
const dailyLoads = fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 20, max: 260 })), { minLength: 30, maxLength: 90 });

function seriesOf(loads: number[]): FitnessDay[] {
  const first = Date.UTC(2026, 0, 1);
  const day = (k: number) => new Date(first + k * 86_400_000).toISOString().slice(0, 10);
  return computeFitnessSeries(
    loads.map((load, k) => ({ date: day(k), load })),
    day(0),
    day(loads.length - 1),
    { ctl: 31.7, atl: 36.2 },
  );
}

describe('fitness in an analysis, on Home and in Ask Kai', () => {
  it('says the form before an activity as Home showed it that morning, and after it as Home shows the next', () => {
    fc.assert(
      fc.property(dailyLoads, (loads) => {
        const series = seriesOf(loads);
        for (let d = 7; d + 1 < series.length; d++) {
          const load = loadFacts({ series: series.slice(d - 7, d + 1), sources: ['file'] });
          const home = morningFitness(series[d]!);
          const homeNext = morningFitness(series[d + 1]!);
          expect(load.onTheDay.form.value).toBe(home.form);
          expect(load.formAfter.value).toBe(homeNext.form);
          expect(load.onTheDay.fitness.text).toBe(String(homeNext.fitness));
          expect(load.onTheDay.fatigue.text).toBe(String(homeNext.fatigue));
          // The week's change is the difference of the two figures the text names, never a third rounding.
          expect(load.fitnessChange.value).toBe(Number(load.onTheDay.fitness.text) - Number(load.weekBefore.fitness.text));
          // Ask Kai's "how is my form this morning?" on the activity's day answers the analysis's "before it".
          expect(fitnessFacts(series, series[d]!.date, ['file'])!.tsb.value).toBe(load.onTheDay.form.value);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('recent training in an analysis', () => {
  it('leaves the load out when no activity of the fortnight has one, instead of a load of 0', () => {
    const unknown = recentTrainingFacts([logEntry('ride', 3_600, null, 8), logEntry('ride', 2_700, null, 12)]);
    expect(unknown.load).toBeNull();
    expect(unknown.bySport[0]!.load).toBeNull();
    expect(unknown.movingTime.text).toBe('1 h 45 min');

    const partly = recentTrainingFacts([logEntry('ride', 3_600, null, 8), logEntry('run', 2_700, 41.6, 12)]);
    expect(partly.load?.text).toBe('42');
    expect(partly.bySport.find((sport) => sport.family === 'ride')!.load).toBeNull();
  });

  it('writes no load figure into the analysis when none is known', () => {
    const context = contextOf('rideNoPower', {}, (sources) => {
      sources.trainingLog = [logEntry('ride', 3_600, null, 8), logEntry('ride', 7_260, null, 12)];
    });
    const progress = writeBuiltinAnalysis(context).trainingPlanProgress;
    expect(progress).toContain('2 sessions in the last 14 days, 3 h 1 min in all.');
    expect(progress).not.toMatch(/training load of/);
  });
});
