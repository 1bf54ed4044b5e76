import { describe, expect, it } from 'vitest';
import { writeBuiltinAnalysis } from '../../src/server/features/analysis/coach/builtin.ts';
import { readinessFacts, type AnalysisContext } from '../../src/server/features/facts/index.ts';
import { ungroundedNumbers } from '../../src/server/features/analysis/coach/grounding.ts';
import { buildCoachPrompt } from '../../src/server/features/analysis/coach/prompt.ts';
import { computeReadiness, indexWellness, type WellnessReading } from '../../src/server/features/wellness/readiness.ts';
import type { CoachingStyle } from '../../src/shared/domain/coaching-style.ts';
import { contextOf } from './support/analysis-context.ts';
import { DAY_MS } from '../../src/shared/time.ts';


/** Readiness from real wellness rows, through the same conversion the analysis service uses. */
function withReadiness(
  context: AnalysisContext,
  rows: (ago: number) => Partial<WellnessReading> | null,
  provenance: AnalysisContext['load']['provenance'] = ['athlete'],
  form: { ctl: number; atl: number; tsb: number } | null = null,
) {
  const day = context.activity.date;
  const readings: WellnessReading[] = [];
  for (let ago = 0; ago < 60; ago++) {
    const values = rows(ago);
    if (!values) continue;
    const date = new Date(Date.parse(`${day}T00:00:00Z`) - ago * DAY_MS).toISOString().slice(0, 10);
    readings.push({ date, sleepHours: null, sleepQuality: null, fatigue: null, soreness: null, restingHrBpm: null, hrvRmssdMs: null, ...values });
  }
  const facts = readinessFacts({ readiness: computeReadiness(day, indexWellness(readings), form), provenance: [...provenance] });
  return facts ? { ...context, readiness: facts } : context;
}

/** Three low mornings after weeks at 66 ms, resting HR up 7 bpm on the day. */
const strainedRows = (ago: number): Partial<WellnessReading> => ({ hrvRmssdMs: ago < 3 ? 40 : 66, restingHrBpm: ago === 0 ? 55 : 48 });
const readyRows = (ago: number): Partial<WellnessReading> => ({ hrvRmssdMs: ago % 2 === 0 ? 64 : 68, restingHrBpm: 48, ...(ago === 0 ? { sleepHours: 8 } : {}) });

const styled = (coachingStyle: CoachingStyle) => contextOf('ridePower', { coachingStyle });

describe('the built-in coach with readiness', () => {
  it('holds the next session back to recovery on a strained morning, and says why with the figures', () => {
    for (const style of ['performance', 'marginal_gains', 'chill'] as const) {
      const plain = styled(style);
      const context = withReadiness(plain, strainedRows);
      expect(context.readiness?.state).toBe('strained');
      const answer = writeBuiltinAnalysis(context);
      const { nextSession, ...sections } = answer;
      expect(ungroundedNumbers(sections, nextSession, context), style).toEqual([]);
      expect(nextSession.focus).toBe('recovery');
      if (style === 'chill') {
        expect(answer.recovery).toContain('How you felt this morning says your body wants rest');
      } else {
        expect(answer.recovery).toMatch(/Your readiness that morning was strained: HRV \d+ ms against a normal \d+–\d+ ms; resting HR 55 bpm against a normal 48 bpm\./);
        expect(answer.nextActivity).toMatch(/Why: your readiness that morning was strained \(HRV \d+ ms against a normal/);
      }
      // Without readiness the same activity gets the session its form allows.
      expect(writeBuiltinAnalysis(plain).recovery).not.toContain('readiness');
    }
  });

  it('keeps the session the form chose on a ready morning, and mentions it', () => {
    const plain = styled('performance');
    const context = withReadiness(plain, readyRows);
    expect(context.readiness?.state).toBe('ready');
    const answer = writeBuiltinAnalysis(context);
    expect(answer.nextSession).toEqual(writeBuiltinAnalysis(plain).nextSession);
    expect(answer.recovery).toContain('Your readiness that morning was ready: HRV');
    const { nextSession, ...sections } = answer;
    expect(ungroundedNumbers(sections, nextSession, context)).toEqual([]);
  });

  it('leaves readiness out of the facts without a check-in, even where form is known, so those analyses keep their facts', () => {
    const plain = styled('performance');
    expect(withReadiness(plain, () => null)).toBe(plain);
    expect(withReadiness(plain, () => null, ['athlete'], { ctl: 40, atl: 75, tsb: -35 })).toBe(plain);
    expect(withReadiness(plain, (ago) => (ago === 0 ? { fatigue: 2 } : null), ['athlete'], { ctl: 40, atl: 75, tsb: -35 }).readiness).toMatchObject({ state: 'steady' });
  });

  it('gives a model readiness only where the Strava policy admits its sources', () => {
    const fromFiles = withReadiness(contextOf('ridePower', { coachingStyle: 'performance' }), strainedRows, ['athlete', 'file']);
    expect(buildCoachPrompt(fromFiles, 'strict')?.facts.readiness).toMatchObject({ state: 'strained' });
    const fromStrava = withReadiness(contextOf('ridePower', { coachingStyle: 'performance' }), strainedRows, ['athlete', 'strava']);
    const strict = buildCoachPrompt({ ...fromStrava, activity: { ...fromStrava.activity, provenance: ['file'] } }, 'strict');
    expect(strict?.facts.readiness).toBeUndefined();
    expect(strict?.facts.withheld).toContain('readiness (how the athlete felt that morning)');
  });
});
