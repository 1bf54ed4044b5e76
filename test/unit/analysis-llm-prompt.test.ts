import { describe, expect, it } from 'vitest';
import { MAX_CUSTOM_INSTRUCTIONS_CHARS, MAX_DETAIL_NOTE_CHARS } from '../../src/shared/api/analysis.ts';
import {
  buildCoachPrompt,
  clipToTokens,
  estimateTokens,
  PROMPT_TOKEN_BUDGET,
} from '../../src/server/features/analysis/coach/prompt.ts';
import { ungroundedNumbersInPrompt } from '../../src/server/features/analysis/coach/grounding.ts';
import { writeBuiltinAnalysis } from '../../src/server/features/analysis/coach/builtin.ts';
import { logEntry } from '../factories.ts';
import { contextOf, eventPlanOnDay, fitnessWeek } from './support/analysis-context.ts';

describe("the LLM coach's prompt", () => {
  it('carries the formatted facts, the style and the ride detail, without provenance or raw values', () => {
    const context = contextOf('ridePower', {
      coachingStyle: 'custom',
      systemPrompt: 'Focus on climbing. Be blunt.',
      rideDetail: { type: 'custom-note', note: 'Windy, legs heavy' },
    });
    const built = buildCoachPrompt(context, 'strict');
    expect(built).not.toBeNull();
    const { system, prompt, facts } = built!;
    expect(system).toContain('Coaching style: Custom');
    expect(system).toContain('Focus on climbing. Be blunt.');
    expect(prompt).toContain('<facts>');
    const activity = facts.activity as Record<string, any>;
    expect(activity).toMatchObject({ name: 'Morning Ride', movingTime: '1 h 18 min', distance: '41.3 km' });
    expect(activity.power).toMatchObject({ normalized: '301 W', ftp: '333 W' });
    expect(facts.load).toMatchObject({ formAfter: '-15' });
    expect(facts.rideDetail).toEqual({ type: 'custom-note', title: 'Custom Note', note: 'Windy, legs heavy' });
    expect(facts.activePlan).toBe('no active training plan');
    expect(facts.otherActivePlans).toBeUndefined();
    expect(facts.withheld).toBeUndefined();
    expect(prompt).not.toContain('provenance');
    expect(prompt).not.toContain('"value"');

    const performance = buildCoachPrompt(contextOf('run'), 'strict')!;
    expect(performance.system).toContain('Coaching style: Performance.');
    expect(performance.system).not.toContain('"""');
  });

  it('under the strict policy leaves out every Strava-sourced fact group, and refuses a Strava activity', () => {
    const mixedHistory = contextOf('ridePower', {}, (sources) => {
      sources.fitness = fitnessWeek({ ctl: 55, atl: 60 }, { ctl: 58.6, atl: 74.2, tsb: -8.1 }, ['file', 'strava']);
      sources.trainingLog = [{ ...logEntry('ride', 5_400, 90, 6), source: 'strava' }, logEntry('ride', 4_705, 107, 12)];
    });
    const strict = buildCoachPrompt(mixedHistory, 'strict')!;
    expect(strict.facts.load).toBeUndefined();
    expect(strict.facts.recentTraining).toBeUndefined();
    expect(strict.facts.withheld).toEqual(['load (fitness, fatigue and form)', 'recent training (the last days of sessions)']);
    expect(strict.prompt).not.toContain('formAfter');
    const relaxed = buildCoachPrompt(mixedHistory, 'relaxed')!;
    expect(relaxed.facts.load).toMatchObject({ formAfter: '-15' });
    expect(relaxed.facts.recentTraining).toMatchObject({ sessions: '2 sessions' });

    const stravaRide = contextOf('ridePower', {}, (sources) => {
      sources.activity = { ...sources.activity, source: 'strava' };
    });
    expect(buildCoachPrompt(stravaRide, 'strict')).toBeNull();
    expect(buildCoachPrompt(stravaRide, 'relaxed')?.facts.activity).toMatchObject({ name: 'Morning Ride' });
  });

  it('stays within the token budget with the longest texts an athlete can type and a full history', () => {
    const long = (unit: string, chars: number) => unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
    for (const unit of ['Climb more, rest well. ', 'Bergauf ü ö ä 🚴 ']) {
      const context = contextOf(
        'run',
        {
          coachingStyle: 'custom',
          systemPrompt: long(unit, MAX_CUSTOM_INSTRUCTIONS_CHARS),
          rideDetail: { type: 'custom-note', note: long(unit, MAX_DETAIL_NOTE_CHARS) },
        },
        (sources) => {
          sources.activity = { ...sources.activity, name: long(unit, 500) };
          sources.trainingLog = (['ride', 'run', 'workout', 'hike', 'other'] as const).flatMap((family, k) =>
            Array.from({ length: 6 }, (_, day) => logEntry(family, 3_600 + k * 60 + day, 50 + day, 1 + day)),
          );
        },
      );
      const built = buildCoachPrompt(context, 'relaxed')!;
      expect(built.estimatedTokens).toBeLessThanOrEqual(PROMPT_TOKEN_BUDGET);
      // Clipped, not dropped: the athlete's words are still there.
      expect(built.system).toContain(unit.trim().slice(0, 8));
      expect(built.prompt).toContain('…');
    }
    expect(buildCoachPrompt(contextOf('ridePower'), 'relaxed')!.estimatedTokens).toBeLessThan(PROMPT_TOKEN_BUDGET / 2);
  });

  it('estimates tokens pessimistically and clips text on character boundaries', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcdef')).toBe(2);
    expect(estimateTokens('ü')).toBe(1);
    expect(estimateTokens('🚴🚴🚴')).toBe(4);
    expect(clipToTokens('short', 10)).toBe('short');
    const clipped = clipToTokens('🚴'.repeat(100), 10);
    expect(estimateTokens(clipped)).toBeLessThanOrEqual(10);
    expect(clipped).toBe(`${'🚴'.repeat(6)}…`);
  });

  it('holds a model to the numbers it was shown', () => {
    const context = contextOf('ridePower');
    const { facts } = buildCoachPrompt(context, 'relaxed')!;
    const { nextSession, ...sections } = writeBuiltinAnalysis(context);
    expect(ungroundedNumbersInPrompt(sections, nextSession, facts)).toEqual([]);
    expect(ungroundedNumbersInPrompt({ ...sections, summary: 'You held 301 W, about 287 W average.' }, nextSession, facts)).toEqual(['287']);
  });

  it("carries the active plans, the athlete's own, under the strict policy too; the plan's volumes only where admitted", () => {
    const context = contextOf('ridePower', {}, (sources) => {
      sources.plans = [eventPlanOnDay(44)];
    });
    const strict = buildCoachPrompt(context, 'strict')!;
    expect(strict.facts.activePlan).toEqual(
      {
        name: 'Gran Fondo Stelvio',
        type: 'event',
        goal: '120 km cycling event, 2500 m of climbing, to finish',
        standing: 'running',
        startDate: '29 March 2026',
        endDate: '13 June 2026',
        totalWeeks: '11',
        weekOfPlan: '7',
        phase: { key: 'build', name: 'Build', weekOfPhase: '2', weeks: '3', objective: 'Raise threshold and VO2max on top of the aerobic base.', weekKind: 'load' },
        target: { label: 'the event', date: '14 July 2026', timeLeft: '9 weeks' },
      },
    );
    expect(strict.facts.withheld).toEqual(['training plan weekly volumes']);
    const relaxed = buildCoachPrompt(context, 'relaxed')!;
    expect((relaxed.facts.activePlan as Record<string, any>).volume).toMatchObject({ weeklyFocus: expect.stringContaining('Two quality sessions') });
    expect(relaxed.facts.withheld).toBeUndefined();

    // A model quoting the plan's numbers is grounded; one inventing a week is not.
    const { nextSession, ...sections } = writeBuiltinAnalysis(context);
    expect(ungroundedNumbersInPrompt(sections, nextSession, relaxed.facts)).toEqual([]);
    expect(ungroundedNumbersInPrompt({ ...sections, trainingPlanProgress: 'Week 2 of 3 of Build, week 7 of 11, 9 weeks to the event.' }, nextSession, strict.facts)).toEqual([]);
    expect(ungroundedNumbersInPrompt({ ...sections, trainingPlanProgress: 'Week 93 of 97 of Build.' }, nextSession, strict.facts)).toEqual(['93', '97']);
  });

  it('stays within the token budget with three active plans of the longest texts, the others by name', () => {
    const long = 'Tour du Mont Blanc 🚴 ü '.repeat(20).slice(0, 200);
    const context = contextOf(
      'run',
      { coachingStyle: 'custom', systemPrompt: long.repeat(20), rideDetail: { type: 'custom-note', note: long.repeat(5) } },
      (sources) => {
        sources.activity = { ...sources.activity, name: long };
        sources.plans = [15, 44, 72].map((days) =>
          eventPlanOnDay(days, { eventName: long, eventDistance: long, eventElevation: long, targetTime: long, completionGoal: 'time' }),
        );
      },
    );
    const built = buildCoachPrompt(context, 'relaxed')!;
    expect(built.estimatedTokens).toBeLessThanOrEqual(PROMPT_TOKEN_BUDGET);
    expect(built.facts.activePlan).toMatchObject({ phase: { key: 'base' } });
    expect(built.facts.otherActivePlans).toHaveLength(2);
  });
});

