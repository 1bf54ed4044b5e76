import { describe, expect, it } from 'vitest';
import { writeBuiltinAnalysis } from '../../src/server/features/analysis/coach/builtin.ts';
import { coachingStyles } from '../../src/shared/domain/coaching-style.ts';
import { contextOf, eventPlanOnDay, sources, type SourceKind } from './support/analysis-context.ts';

const KINDS = Object.keys(sources) as SourceKind[];
const CUSTOM_INSTRUCTIONS = 'Focus on climbing and heart rate. Be direct.';

describe('the built-in coach without the four-week cycle', () => {
  // Recorded before the coach knew the cycle: an athlete who has not enabled it reads exactly what they read before.
  it('writes word for word what it wrote before the cycle was wired in', () => {
    const written: Record<string, unknown> = {};
    for (const kind of KINDS) {
      for (const style of coachingStyles) {
        const systemPrompt = style === 'custom' ? CUSTOM_INSTRUCTIONS : null;
        written[`${kind}/${style}`] = writeBuiltinAnalysis(contextOf(kind, { coachingStyle: style, systemPrompt }));
      }
    }
    for (const kind of ['ridePower', 'run'] as const) {
      for (const daysBefore of [15, 72]) {
        written[`${kind}/plan ${daysBefore} days before`] = writeBuiltinAnalysis(
          contextOf(kind, {}, (built) => {
            built.plans = [eventPlanOnDay(daysBefore)];
          }),
        );
      }
    }
    expect(written).toMatchSnapshot();
  });
});
