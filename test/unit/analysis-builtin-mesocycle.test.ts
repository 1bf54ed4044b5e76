import { describe, expect, it } from 'vitest';
import { writeBuiltinAnalysis } from '../../src/server/features/analysis/coach/builtin.ts';
import type { AnalysisContext, AnalysisInputs } from '../../src/server/features/facts/index.ts';
import { ungroundedNumbers } from '../../src/server/features/analysis/coach/grounding.ts';
import { coachAnswer, type CoachAnswer } from '../../src/server/features/analysis/coach/schema.ts';
import type { NextSession, SessionIntensity } from '../../src/shared/api/analysis.ts';
import { coachingStyles, type CoachingStyle } from '../../src/shared/domain/coaching-style.ts';
import type { MesocycleWeek } from '../../src/shared/domain/mesocycle.ts';
import { contextOf, eventPlanOnDay, fitnessWeek, sources, type SourceKind } from './support/analysis-context.ts';

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

type Week = MesocycleWeek;
const WEEKS: Week[] = [1, 2, 3, 4];
const SPORTS = ['ridePower', 'run'] as const;

/** The athlete's cycle with the activity (12 May 2026) in `week`; `enabled: false` is the same cycle switched off. */
const cycle = (week: Week, enabled = true): Partial<AnalysisInputs> => ({
  mesocycle: { enabled, currentWeek: week, weekStartDate: new Date('2026-05-11T00:00:00Z') },
});

/** Form the next morning: neutral (+3) leaves room for quality, fresh (+20) more, deep (-30) none. */
const FORM = { neutral: { ctl: 50, atl: 47 }, fresh: { ctl: 60, atl: 40 }, deep: { ctl: 40, atl: 75 } } as const;

/** An easy session of each kind (IF 0.60; mostly easy heart-rate zones), so the next day is open to quality. */
function easyDay(kind: SourceKind, form: keyof typeof FORM, inputs: Partial<AnalysisInputs>, style: CoachingStyle = 'performance'): AnalysisContext {
  return contextOf(kind, { coachingStyle: style, ...inputs }, (built) => {
    const { metrics } = built.activity;
    if (metrics?.intensityFactor) metrics.intensityFactor = 0.6;
    if (metrics && kind === 'run') metrics.hrZoneSeconds = [1_500, 1_200, 200, 41, 0];
    const { ctl, atl } = FORM[form];
    built.fitness = fitnessWeek({ ctl, atl }, { ctl, atl, tsb: ctl - atl });
  });
}

/** The hardest target of the session on its own scale: % of FTP for power, the zone for heart rate, RPE for effort. */
function maxIntensity(session: NextSession): number {
  const top = (intensity: SessionIntensity) =>
    intensity.kind === 'power' ? intensity.ftpPct.high : intensity.kind === 'heartRate' ? intensity.zones.high : intensity.kind === 'effort' ? intensity.rpe.high : Number.NaN;
  return Math.max(...session.steps.map((step) => (step.type === 'intervals' ? top(step.work.intensity) : top(step.intensity))));
}

/** Endurance is at most 75% FTP on a power ride and heart-rate zone 2 on a run (next-session.ts). */
const ENDURANCE_CAP = { ridePower: 75, run: 2 } as const;
const hasIntervals = (session: NextSession) => session.steps.some((step) => step.type === 'intervals');

describe('the built-in coach in each week of the four-week cycle', () => {
  it.each(SPORTS)('shapes the next %s to the week and names the week', (kind) => {
    const off = writeBuiltinAnalysis(easyDay(kind, 'neutral', cycle(1, false)));
    // Without the cycle, neutral form after an easy day asks for sweet-spot or tempo intervals.
    expect(off.nextSession.focus).toBe('tempo');
    const byWeek = Object.fromEntries(WEEKS.map((week) => [week, writeBuiltinAnalysis(easyDay(kind, 'neutral', cycle(week)))]));

    // Week 1, Foundation: Z2 endurance, no intervals.
    expect(byWeek[1]!.nextSession).toMatchObject({ focus: 'endurance', totalDurationS: kind === 'ridePower' ? 5_400 : 3_300 });
    expect(hasIntervals(byWeek[1]!.nextSession)).toBe(false);
    expect(maxIntensity(byWeek[1]!.nextSession)).toBeLessThanOrEqual(ENDURANCE_CAP[kind]);
    // Week 2, Load: form allows a structured session, sweet spot or threshold.
    expect(byWeek[2]!.nextSession.focus).toBe('tempo');
    expect(hasIntervals(byWeek[2]!.nextSession)).toBe(true);
    expect(maxIntensity(byWeek[2]!.nextSession)).toBeGreaterThan(ENDURANCE_CAP[kind]);
    // Week 3, Durability: the long key session, longer than the usual endurance session of week 1.
    expect(byWeek[3]!.nextSession).toMatchObject({
      focus: 'endurance',
      title: kind === 'ridePower' ? 'Long endurance ride' : 'Long run',
      totalDurationS: kind === 'ridePower' ? 7_200 : 4_800,
    });
    expect(maxIntensity(byWeek[3]!.nextSession)).toBeLessThanOrEqual(ENDURANCE_CAP[kind]);
    // Week 4, Deload: endurance at most, about 65% of the time of the session without the cycle.
    const deload = byWeek[4]!.nextSession;
    expect(deload.focus).toBe('endurance');
    expect(hasIntervals(deload)).toBe(false);
    expect(maxIntensity(deload)).toBeLessThanOrEqual(ENDURANCE_CAP[kind]);
    expect(maxIntensity(deload)).toBeLessThan(maxIntensity(off.nextSession));
    expect(deload.totalDurationS / off.nextSession.totalDurationS).toBeGreaterThanOrEqual(0.6);
    expect(deload.totalDurationS / off.nextSession.totalDurationS).toBeLessThanOrEqual(0.7);
    expect(deload.totalDurationS).toBe(kind === 'ridePower' ? 2_700 : 2_100);

    const names = { 1: 'Foundation', 2: 'Load / Torque / Intensification', 3: 'Durability / High Load / Consolidation', 4: 'Deload / Taper / Recovery' };
    for (const week of WEEKS) {
      const answer = byWeek[week]!;
      expect(answer.trainingPlanProgress).toContain(`Week ${week} of your load cycle: ${names[week]}.`);
      expect(answer.recovery).toContain(`Week ${week} of your load cycle: ${names[week]}, about `);
      expect(answer.nextActivity).toContain(`Week ${week} of your load cycle (${names[week]})`);
      expect(answer.nextActivity).toContain(answer.nextSession.title);
    }
    expect(byWeek[4]!.recovery).toContain('Week 4 of your load cycle: Deload / Taper / Recovery, about 60–70% of your baseline load.');
    expect(byWeek[4]!.nextActivity).toMatch(/shorter and easier than usual, for about 60–70% of your baseline load\. Short openers near the end are optional/);
    expect(off.trainingPlanProgress).not.toMatch(/load cycle/);
  });

  it.each(SPORTS)('keeps the week within what form allows for the next %s', (kind) => {
    const fresh = (inputs: Partial<AnalysisInputs>) => writeBuiltinAnalysis(easyDay(kind, 'fresh', inputs)).nextSession;
    // Fresh: VO2max without the cycle; the load week's structured work stops at threshold.
    expect(fresh(cycle(2, false)).focus).toBe('vo2max');
    expect(fresh(cycle(2))).toMatchObject({ focus: 'threshold', title: 'Threshold intervals' });
    expect(maxIntensity(fresh(cycle(2)))).toBe(kind === 'ridePower' ? 100 : 4);

    // Deep fatigue: no structured or key session in any week, and the deload week is shorter still.
    const deep = (inputs: Partial<AnalysisInputs>) => writeBuiltinAnalysis(easyDay(kind, 'deep', inputs));
    const offDeep = deep(cycle(1, false)).nextSession;
    expect(offDeep.focus).toBe('recovery');
    for (const week of [1, 2, 3] as const) expect(deep(cycle(week)).nextSession).toEqual(offDeep);
    expect(deep(cycle(2)).nextActivity).toContain('has room for one or two structured sessions, but not today.');
    expect(deep(cycle(3)).nextActivity).toContain('asks for one key session per sport; it waits until you are fresher.');
    expect(deep(cycle(4)).nextSession).toMatchObject({ focus: 'recovery', totalDurationS: kind === 'ridePower' ? 1_800 : 1_200 });

    // After a hard session the key session of week 3 waits: the hard one may have been it.
    const afterHard = writeBuiltinAnalysis(contextOf(kind, cycle(3)));
    expect(afterHard.nextSession).toEqual(writeBuiltinAnalysis(contextOf(kind, cycle(3, false))).nextSession);
    expect(afterHard.nextActivity).toMatch(/asks for one key session per sport; this hard (ride|run) may well have been it\./);
  });

  it('makes the deload session shorter and never harder than without the cycle, for every kind, style and form', () => {
    for (const kind of KINDS) {
      for (const style of coachingStyles) {
        for (const form of Object.keys(FORM) as (keyof typeof FORM)[]) {
          const systemPrompt = style === 'custom' ? CUSTOM_INSTRUCTIONS : null;
          const off = writeBuiltinAnalysis(easyDay(kind, form, { ...cycle(4, false), systemPrompt }, style)).nextSession;
          const deload = writeBuiltinAnalysis(easyDay(kind, form, { ...cycle(4), systemPrompt }, style)).nextSession;
          const label = `${kind}/${style}/${form}`;
          expect(deload.totalDurationS, label).toBeLessThan(off.totalDurationS);
          expect(maxIntensity(deload), label).toBeLessThanOrEqual(maxIntensity(off));
          expect(['recovery', 'endurance', 'strength'], label).toContain(deload.focus);
        }
      }
    }
  });

  it('keeps the style: Chill gentle and without figures, its key session the usual length', () => {
    const chill = writeBuiltinAnalysis(easyDay('ridePower', 'neutral', cycle(4), 'chill'));
    expect(chill.recovery).toContain('This is week 4 of your load cycle: Deload / Taper / Recovery. A lighter week');
    expect(chill.recovery).not.toContain('60–70%');
    const marginal = writeBuiltinAnalysis(easyDay('ridePower', 'neutral', cycle(4), 'marginal_gains'));
    expect(marginal.recovery).toContain('about 60–70% of your baseline load');
    expect(writeBuiltinAnalysis(easyDay('ridePower', 'neutral', cycle(3), 'chill')).nextSession).toMatchObject({
      title: 'Endurance ride',
      totalDurationS: 5_400,
    });
    expect(writeBuiltinAnalysis(easyDay('ridePower', 'neutral', cycle(3), 'marginal_gains')).nextSession.title).toBe('Long endurance ride');
  });
});

describe("judging the activity against the cycle week's intent", () => {
  const firstInsight = (answer: CoachAnswer) => answer.feedback.split('\n')[0];

  it('flags a hard session in the deload week, and in the foundation week', () => {
    // The power ride is hard: IF 0.90.
    expect(firstInsight(writeBuiltinAnalysis(contextOf('ridePower', cycle(4))))).toBe(
      '- Off intent for week 4 of your load cycle (Deload / Taper / Recovery): this was a hard ride (IF 0.90) in a deload week. ' +
        'Hard work now eats into the recovery the week is for; keep the rest of the week easy, short openers at most.',
    );
    expect(firstInsight(writeBuiltinAnalysis(contextOf('ridePower', { ...cycle(4), coachingStyle: 'chill' })))).toBe(
      '- This was harder than week 4 of your load cycle (Deload / Taper / Recovery) asks for (IF 0.90); it is a lighter week, so give your body easy days now.',
    );
    // The run is hard by heart rate: 38% of it at or above threshold.
    expect(firstInsight(writeBuiltinAnalysis(contextOf('run', cycle(1))))).toMatch(
      /^- Off intent for week 1 of your load cycle \(Foundation\): the week asks for Z2 and a restorative tone, and this was a hard run \(38% of the time at or above threshold\)\./,
    );
    expect(writeBuiltinAnalysis(contextOf('ridePower', cycle(4, false))).feedback).not.toMatch(/intent|load cycle/);
  });

  it('praises easy Z2 work in the foundation and deload weeks, and a structured or long session where the week asks for one', () => {
    // The gravel ride without power is easy by heart rate (79% in the easy zones).
    expect(firstInsight(writeBuiltinAnalysis(contextOf('rideNoPower', cycle(1))))).toBe(
      '- On intent for week 1 of your load cycle (Foundation): easy aerobic work like this is what the week is built from.',
    );
    expect(firstInsight(writeBuiltinAnalysis(contextOf('rideNoPower', cycle(4))))).toBe(
      '- On intent for week 4 of your load cycle (Deload / Taper / Recovery): easy and light, exactly what a deload asks for.',
    );
    expect(firstInsight(writeBuiltinAnalysis(contextOf('ridePower', cycle(2))))).toMatch(
      /^- On intent for week 2 of your load cycle \(Load \/ Torque \/ Intensification\): a structured session like this \(IF 0\.90\) is what the week is for/,
    );
    expect(firstInsight(writeBuiltinAnalysis(contextOf('rideNoPower', cycle(3))))).toBe(
      '- On intent for week 3 of your load cycle (Durability / High Load / Consolidation): a long ride like this (2 h 1 min) builds the durability the week is for.',
    );
  });
});

describe('the cycle next to an active training plan', () => {
  it("lets the plan's taper week decide the session, and the cycle shape it in the plan's other weeks", () => {
    const planned = (daysBefore: number, inputs: Partial<AnalysisInputs>) =>
      writeBuiltinAnalysis(
        contextOf('ridePower', inputs, (built) => {
          built.activity.metrics!.intensityFactor = 0.6;
          built.fitness = fitnessWeek(FORM.neutral, { ...FORM.neutral, tsb: 3 });
          built.plans = [eventPlanOnDay(daysBefore)];
        }),
      );
    // 72 days into the plan is a taper week: the plan's short session, whatever the cycle week asks.
    const taperOff = planned(72, cycle(2, false));
    for (const week of WEEKS) {
      const taper = planned(72, cycle(week));
      expect(taper.nextSession).toEqual(taperOff.nextSession);
      expect(taper.nextActivity).toContain(`Your plan's taper week sets this session, ahead of week ${week} of your load cycle`);
    }
    // 15 days in is a load week of the base phase: the cycle's deload shortens the session.
    const baseOff = planned(15, cycle(4, false)).nextSession;
    const baseDeload = planned(15, cycle(4));
    expect(baseDeload.nextSession.totalDurationS).toBeLessThan(baseOff.totalDurationS);
    expect(baseDeload.trainingPlanProgress).toMatch(/^“Gran Fondo Stelvio”: week 3 of 5 of the Base phase.*Week 4 of your load cycle: Deload \/ Taper \/ Recovery\.$/);
  });
});

describe('grounding with the cycle', () => {
  it('quotes only facts in every week, kind, style and plan', () => {
    for (const kind of KINDS) {
      for (const style of coachingStyles) {
        for (const week of WEEKS) {
          for (const plans of [[], [eventPlanOnDay(15)], [eventPlanOnDay(72)]]) {
            const systemPrompt = style === 'custom' ? CUSTOM_INSTRUCTIONS : null;
            const context = contextOf(kind, { ...cycle(week), coachingStyle: style, systemPrompt }, (built) => {
              built.plans = plans;
            });
            const answer = coachAnswer.parse(writeBuiltinAnalysis(context));
            const { nextSession, ...sections } = answer;
            expect(ungroundedNumbers(sections, nextSession, context), `${kind}/${style}/week ${week}`).toEqual([]);
          }
        }
      }
    }
  });

  it('writes the same as without the cycle when the activity came before the cycle began', () => {
    for (const kind of KINDS) {
      const before = contextOf(kind, { mesocycle: { enabled: true, currentWeek: 1, weekStartDate: new Date('2026-05-13T00:00:00Z') } });
      expect(before.mesocycle).toBeNull();
      expect(writeBuiltinAnalysis(before)).toEqual(writeBuiltinAnalysis(contextOf(kind)));
    }
  });
});
