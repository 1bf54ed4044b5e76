import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeBuiltinAnalysis } from '../../src/server/features/analysis/coach/builtin.ts';
import type { AnalysisContext } from '../../src/server/features/facts/index.ts';
import { numbersIn } from '../../src/server/ai/numbers.ts';
import { ungroundedNumbers } from '../../src/server/features/analysis/coach/grounding.ts';
import { coachAnswer, type CoachAnswer } from '../../src/server/features/analysis/coach/schema.ts';
import type { NextSession } from '../../src/shared/api/analysis.ts';
import { coachingStyles, type CoachingStyle } from '../../src/shared/domain/coaching-style.ts';
import { rideDetailTypes } from '../../src/shared/domain/ride-detail.ts';
import { contextOf, eventPlanOnDay, fitnessWeek, sources, type SourceKind } from './support/analysis-context.ts';

const KINDS = Object.keys(sources) as SourceKind[];
const CUSTOM_INSTRUCTIONS = 'Focus on climbing and heart rate. Be direct.';

const styled = (kind: SourceKind, coachingStyle: CoachingStyle) =>
  contextOf(kind, { coachingStyle, systemPrompt: coachingStyle === 'custom' ? CUSTOM_INSTRUCTIONS : null });

function sectionsOf(answer: CoachAnswer) {
  const { nextSession: _session, ...sections } = answer;
  return sections;
}

function ungrounded(answer: CoachAnswer, context: AnalysisContext): string[] {
  return ungroundedNumbers(sectionsOf(answer), answer.nextSession, context);
}

const insightCount = (answer: CoachAnswer) => answer.feedback.split('\n').length;
const numberCount = (text: string) => numbersIn(text).length;
const stepsDurationS = (session: NextSession) =>
  session.steps.reduce(
    (sum, step) => sum + (step.type === 'intervals' ? step.repeats * (step.work.durationS + step.recovery.durationS) : step.durationS),
    0,
  );

describe('the built-in coach across styles and activity kinds', () => {
  it('writes all seven sections and a consistent next session, with only facts for numbers', () => {
    const structure: Record<string, unknown> = {};
    for (const kind of KINDS) {
      for (const style of coachingStyles) {
        const context = styled(kind, style);
        const answer = coachAnswer.parse(writeBuiltinAnalysis(context));
        expect(ungrounded(answer, context), `${kind}/${style}`).toEqual([]);
        for (const text of Object.values(sectionsOf(answer))) expect(text).not.toMatch(/[<>]/);
        expect(answer.nextSession.totalDurationS).toBe(stepsDurationS(answer.nextSession));
        expect(answer.nextActivity).toContain(answer.nextSession.title);
        structure[`${kind}/${style}`] = {
          insights: insightCount(answer),
          next: `${answer.nextSession.sport} ${answer.nextSession.focus} ${answer.nextSession.totalDurationS / 60} min`,
          intensity: [...new Set(answer.nextSession.steps.map((step) => (step.type === 'intervals' ? step.work : step).intensity.kind))],
        };
      }
    }
    expect(structure).toMatchSnapshot();
  });

  it('is deterministic and fast', () => {
    for (const kind of KINDS) {
      const context = styled(kind, 'marginal_gains');
      expect(writeBuiltinAnalysis(context)).toEqual(writeBuiltinAnalysis(context));
      const timingsMs = Array.from({ length: 5 }, () => {
        const start = performance.now();
        writeBuiltinAnalysis(context);
        return performance.now() - start;
      }).sort((a, b) => a - b);
      expect(timingsMs[2]).toBeLessThan(50);
    }
  });

  it('quotes only numbers from the facts or the next session, whatever the facts (property)', () => {
    const arbitraryCase = fc.record({
      kind: fc.constantFrom(...KINDS),
      style: fc.constantFrom(...coachingStyles),
      instructions: fc.string({ maxLength: 200 }),
      detail: fc.option(fc.constantFrom(...rideDetailTypes), { nil: null }),
      note: fc.option(fc.string({ maxLength: 300 }), { nil: null }),
      units: fc.constantFrom('metric' as const, 'imperial' as const),
      scale: fc.double({ min: 0.02, max: 5, noNaN: true }),
      intensityFactor: fc.option(fc.double({ min: 0.3, max: 1.4, noNaN: true }), { nil: null }),
      decouplingPct: fc.option(fc.double({ min: -15, max: 40, noNaN: true }), { nil: null }),
      hrZoneSeconds: fc.option(fc.array(fc.nat({ max: 6_000 }), { minLength: 5, maxLength: 5 }), { nil: null }),
      week: fc.record({ ctl: fc.double({ min: 0, max: 150, noNaN: true }), atl: fc.double({ min: 0, max: 200, noNaN: true }) }),
      day: fc.record({
        ctl: fc.double({ min: 0, max: 150, noNaN: true }),
        atl: fc.double({ min: 0, max: 200, noNaN: true }),
        tsb: fc.double({ min: -90, max: 60, noNaN: true }),
      }),
      metricsComputed: fc.boolean(),
      planGeneratedDaysBefore: fc.option(fc.integer({ min: -30, max: 100 }), { nil: null }),
      cycleWeek: fc.option(fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const), { nil: null }),
    });
    fc.assert(
      fc.property(arbitraryCase, (c) => {
        const context = contextOf(
          c.kind,
          {
            coachingStyle: c.style,
            systemPrompt: c.style === 'custom' ? c.instructions.trim() || 'x' : null,
            rideDetail: c.detail ? { type: c.detail, note: c.note } : null,
            units: c.units,
            mesocycle: { enabled: c.cycleWeek !== null, currentWeek: c.cycleWeek ?? 1, weekStartDate: new Date('2026-05-11T00:00:00Z') },
          },
          (built) => {
            const { activity } = built;
            activity.distance *= c.scale;
            activity.movingTime = Math.round(activity.movingTime * c.scale);
            if (activity.totalElevationGain !== null) activity.totalElevationGain *= c.scale;
            built.fitness = fitnessWeek(c.week, c.day);
            built.plans = c.planGeneratedDaysBefore === null ? [] : [eventPlanOnDay(c.planGeneratedDaysBefore)];
            if (!c.metricsComputed || !activity.metrics) {
              activity.metrics = null;
              return;
            }
            const { metrics } = activity;
            if (metrics.normalizedPowerW !== null) metrics.intensityFactor = c.intensityFactor;
            metrics.decouplingPct = c.decouplingPct;
            metrics.hrZoneSeconds = c.hrZoneSeconds;
          },
        );
        const answer = writeBuiltinAnalysis(context);
        expect(ungrounded(answer, context)).toEqual([]);
        expect(coachAnswer.safeParse(answer).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('catches a number that is not a fact (the check is not vacuous)', () => {
    const context = styled('ridePower', 'performance');
    const answer = writeBuiltinAnalysis(context);
    const tampered = { ...answer, summary: `${answer.summary} Your FTP is 312 W and you rode 4:05 per km.` };
    expect(ungrounded(tampered, context)).toEqual(['312', '4:05']);
  });

  it('says so when there is no training plan, and suggests creating one', () => {
    for (const style of coachingStyles) {
      const text = writeBuiltinAnalysis(styled('run', style)).trainingPlanProgress;
      expect(text).toMatch(/no training plan|not have an active training plan|No active training plan/);
      expect(text).toMatch(/create one under Training plan/i);
    }
  });
});

describe('tone by coaching style', () => {
  const chill = writeBuiltinAnalysis(styled('ridePower', 'chill'));
  const performance = writeBuiltinAnalysis(styled('ridePower', 'performance'));
  const marginal = writeBuiltinAnalysis(styled('ridePower', 'marginal_gains'));

  it('keeps Chill gentle and light on numbers, Marginal gains precise and full of them', () => {
    expect(chill.subjectLine).toBe('1 h 18 min ride, nicely done');
    expect(chill.recovery).toMatch(/Listen to your body/);
    expect(chill.executiveSummary).toMatch(/be proud of it/);
    expect(marginal.subjectLine).toBe('NP 301 W, IF 0.90, 107 TSS: a hard, productive session');
    expect(marginal.summary).toMatch(/VI 1\.09, EF 1\.95 and work 1298 kJ/);
    expect(marginal.nextActivity).toMatch(/Hold the targets precisely/);
    expect(numberCount(chill.summary)).toBeLessThan(numberCount(performance.summary));
    expect(numberCount(performance.summary)).toBeLessThan(numberCount(marginal.summary));
    expect(insightCount(chill)).toBeLessThan(insightCount(performance));
    expect(insightCount(performance)).toBeLessThan(insightCount(marginal));
  });

  it('prescribes gentler next sessions in Chill and more ambitious ones in Marginal gains', () => {
    expect(chill.nextSession.focus).toBe('recovery');
    expect(performance.nextSession.focus).toBe('endurance');
    expect(chill.nextSession.totalDurationS).toBeLessThan(performance.nextSession.totalDurationS);
    const neutralEasyDay = (style: CoachingStyle) =>
      writeBuiltinAnalysis(
        contextOf('rideNoPower', { coachingStyle: style }, (built) => {
          built.fitness = fitnessWeek({ ctl: 40, atl: 40 }, { ctl: 40, atl: 42, tsb: 0 });
        }),
      ).nextSession.focus;
    expect(neutralEasyDay('chill')).toBe('endurance');
    expect(neutralEasyDay('performance')).toBe('tempo');
    expect(neutralEasyDay('marginal_gains')).toBe('threshold');
  });

  it('honours custom instructions as far as it honestly can', () => {
    const custom = writeBuiltinAnalysis(contextOf('hike', { coachingStyle: 'custom', systemPrompt: 'Keep it short. Focus on climbing.' }));
    expect(custom.feedback.split('\n')[0]).toBe('- Climbing, your focus: 1,346 m of climbing over 14.8 km.');
    expect(insightCount(custom)).toBe(3);
    expect(custom.executiveSummary).toMatch(/Following your instructions with a focus on climbing, as far as the built-in coach can read them\./);

    const direct = writeBuiltinAnalysis(contextOf('run', { coachingStyle: 'custom', systemPrompt: 'Be direct, no fluff.' }));
    expect(direct.executiveSummary).toMatch(/A hard session with a real training stimulus; now bank it with recovery\./);
    expect(direct.nextActivity).toMatch(/Hold the targets precisely/);

    const unknown = writeBuiltinAnalysis(contextOf('run', { coachingStyle: 'custom', systemPrompt: 'Talk like a pirate' }));
    expect(unknown.feedback).toContain('You asked for: “Talk like a pirate”. As the built-in coach I follow the focus areas and tone cues I recognise, and none matched');
  });
});

describe('activity kinds', () => {
  it('judges each kind by what it records', () => {
    expect(writeBuiltinAnalysis(styled('ridePower', 'performance')).feedback).toMatch(
      /Normalized power 301 W against your estimated FTP of 333 W is IF 0\.90: a hard session\./,
    );
    const noPower = writeBuiltinAnalysis(styled('rideNoPower', 'performance'));
    expect(noPower.feedback).toMatch(/Effort by heart rate: 79% of the time in the easy zones/);
    expect(noPower.feedback).toMatch(/Without a power meter/);
    expect(noPower.nextSession.steps.every((step) => step.type !== 'intervals' || step.work.intensity.kind === 'heartRate')).toBe(true);
    const run = writeBuiltinAnalysis(styled('run', 'performance'));
    expect(run.subjectLine).toBe('10.2 km run at 4:48 /km: a hard, productive session');
    expect(run.feedback).toMatch(/grade-adjusted 4:39 \/km: the hills made this harder/);
    expect(run.feedback).toMatch(/Best efforts inside this run: 5 km in 23:22 and 10 km in 48:09\./);
    const strength = writeBuiltinAnalysis(styled('strength', 'performance'));
    expect(strength.feedback).toMatch(/^- Strength session: 55 min\./);
    // A strength day is followed by the athlete's endurance sport of the last two weeks.
    expect(strength.nextSession.sport).toBe('ride');
    expect(writeBuiltinAnalysis(styled('hike', 'performance')).feedback).toMatch(/Time on feet: 4 h 59 min with 1,346 m of climbing/);
    expect(writeBuiltinAnalysis(styled('other', 'performance')).subjectLine).toBe('2.1 km swim in 43 min');
  });

  it('writes imperial units when asked', () => {
    const run = writeBuiltinAnalysis(contextOf('run', { units: 'imperial' }));
    expect(run.subjectLine).toBe('6.3 mi run at 7:43 /mi: a hard, productive session');
  });

  it('says when the metrics are still being computed, and reads nothing into a recording of a few minutes', () => {
    const pending = writeBuiltinAnalysis(contextOf('ridePower', {}, (built) => (built.activity.metrics = null)));
    expect(pending.feedback.split('\n')[0]).toMatch(/Detailed metrics .* are still being computed/);
    expect(pending.feedback).not.toMatch(/There is no FTP yet/);
    const blip = writeBuiltinAnalysis(
      contextOf('run', {}, (built) => {
        built.activity.movingTime = 190;
        built.activity.distance = 600;
      }),
    );
    expect(blip.feedback).toMatch(/At 3 min this is too short to read much into/);
    expect(blip.subjectLine).toBe('0.6 km run at 5:17 /km');
  });
});

describe('ride detail', () => {
  const withDetail = (kind: SourceKind, type: (typeof rideDetailTypes)[number], note: string | null = null) =>
    writeBuiltinAnalysis(contextOf(kind, { rideDetail: { type, note } }));

  it('judges a recovery spin as recovery: intensity is the problem, not the goal', () => {
    const tooHard = withDetail('ridePower', 'recovery-spin');
    expect(tooHard.subjectLine).toBe('A recovery ride that turned into training');
    expect(tooHard.feedback.split('\n')[0]).toBe(
      '- Recovery Spin? IF 0.90 says this was training, not recovery. Keep recovery rides truly easy, even when it feels too slow.',
    );
    expect(withDetail('rideNoPower', 'recovery-spin').feedback).toMatch(/^- Recovery Spin done right: 79% of the time in the easy zones/);
  });

  it('takes the maximal effort as the point of a KOM and does not fault its pacing', () => {
    const kom = withDetail('ridePower', 'kom-segment');
    expect(kom.feedback).toMatch(/KOM \/ Segment Effort: the all-out effort was the point of this one, and max power 619 W with a VI of 1\.09 shows it\./);
    expect(kom.feedback).not.toMatch(/Pacing was/);
    expect(['recovery', 'endurance']).toContain(kom.nextSession.focus);
  });

  it('weighs decoupling for an endurance builder, zones for a structured workout, surges for a group ride', () => {
    expect(withDetail('ridePower', 'endurance-builder').feedback).toMatch(/^- Endurance Builder: decoupling 3\.4%, your aerobic engine held steady/);
    expect(withDetail('run', 'endurance-builder').feedback).toMatch(/decoupling 6\.2%, heart rate crept up late/);
    const structured = withDetail('ridePower', 'structured-workout');
    expect(structured.feedback).toMatch(/I judge the work by its zones: 49% at or above threshold, most time in zone 4 \(Threshold\)/);
    expect(withDetail('ridePower', 'social-group').feedback).toMatch(/VI 1\.09 and max power 619 W show the surges/);
  });

  it('keeps a time-crunched athlete to a compact next session', () => {
    const crunch = withDetail('ridePower', 'time-crunch');
    expect(crunch.feedback).toMatch(/Time-Crunch: you made the minutes count, a hard session in 1 h 18 min\./);
    expect(crunch.nextSession.totalDurationS).toBeLessThanOrEqual(3_600);
    expect(crunch.nextActivity).toMatch(/Kept compact, since time is tight\./);
  });

  it('quotes a custom note back safely and acts on what it can recognise', () => {
    const note = withDetail('ridePower', 'custom-note', 'Felt sick <script>alert(1)</script> after **3** days of travel');
    expect(note.feedback.split('\n')[0]).toBe(
      '- You told me: “Felt sick script alert(1) /script after 3 days of travel”. Recovery comes first, so I have kept the next session easy.',
    );
    expect(note.nextSession.focus).toBe('recovery');
    expect(note.nextActivity).toMatch(/Why: your note says your body needs rest more than training\./);
    expect(note.recovery).toMatch(/You mentioned feeling unwell/);
    expect(withDetail('ridePower', 'custom-note').feedback).toMatch(/Custom Note: no note added/);
  });
});

describe('the next session', () => {
  const next = (kind: SourceKind, tsb: { ctl: number; atl: number }, adjust?: Parameters<typeof contextOf>[2]) =>
    writeBuiltinAnalysis(
      contextOf(kind, {}, (built) => {
        built.fitness = fitnessWeek({ ctl: tsb.ctl, atl: tsb.atl }, { ctl: tsb.ctl, atl: tsb.atl, tsb: tsb.ctl - tsb.atl });
        adjust?.(built);
      }),
    ).nextSession;

  it('goes by form: recovery when deep in fatigue, intervals when fresh after an easy day', () => {
    expect(next('rideNoPower', { ctl: 40, atl: 75 }).focus).toBe('recovery');
    expect(next('rideNoPower', { ctl: 40, atl: 55 }).focus).toBe('endurance');
    expect(next('rideNoPower', { ctl: 60, atl: 40 }).focus).toBe('vo2max');
    // Fresh, but after a hard session: hard days are followed by easy ones.
    expect(next('ridePower', { ctl: 60, atl: 40 }).focus).toBe('endurance');
  });

  it('gives rides with a known FTP watt targets rounded to 5 W', () => {
    const session = next('ridePower', { ctl: 60, atl: 75 });
    expect(session.steps[1]).toEqual({
      type: 'steady',
      durationS: 4_200,
      intensity: { kind: 'power', ftpPct: { low: 65, high: 75 }, watts: { low: 215, high: 250 } },
    });
    const vo2 = next('ridePower', { ctl: 60, atl: 40 }, (built) => {
      built.activity.metrics!.intensityFactor = 0.6;
    });
    expect(vo2.steps).toContainEqual({
      type: 'intervals',
      repeats: 5,
      work: { durationS: 240, intensity: { kind: 'power', ftpPct: { low: 106, high: 120 }, watts: { low: 355, high: 400 } } },
      recovery: { durationS: 240, intensity: { kind: 'power', ftpPct: { low: 45, high: 55 }, watts: { low: 150, high: 185 } } },
    });
  });

  it('uses perceived effort when there is neither power nor heart rate', () => {
    const session = next('other', { ctl: 20, atl: 22 });
    expect(session).toMatchObject({ sport: 'other', focus: 'endurance' });
    expect(session.steps.every((step) => step.type !== 'intervals' && step.intensity.kind === 'effort')).toBe(true);
  });
});

describe('with an active training plan', () => {
  type Plans = ReturnType<typeof eventPlanOnDay>[];
  const planned = (plans: Plans, coachingStyle: CoachingStyle = 'performance', kind: SourceKind = 'ridePower') =>
    contextOf(kind, { coachingStyle, systemPrompt: coachingStyle === 'custom' ? CUSTOM_INSTRUCTIONS : null }, (built) => {
      built.plans = plans;
    });
  const progress = (context: AnalysisContext) => writeBuiltinAnalysis(context).trainingPlanProgress;

  it("names the plan, the phase and the week the activity fell in, and the time to the event", () => {
    expect(progress(planned([eventPlanOnDay(15)]))).toMatch(
      /^“Gran Fondo Stelvio”: week 3 of 5 of the Base phase, 9 weeks to the event\. The phase's objective: build aerobic capacity and durability\./,
    );
    expect(progress(planned([eventPlanOnDay(15)], 'chill'))).toMatch(/^You are in week 3 of 5 of the Base phase of “Gran Fondo Stelvio”, 9 weeks to the event\./);
    const precise = progress(planned([eventPlanOnDay(44)], 'marginal_gains'));
    expect(precise).toMatch(/^“Gran Fondo Stelvio”: week 2 of 3 of the Build phase, 9 weeks to the event\. Week 7 of 11 of the plan \(120 km cycling event, 2500 m of climbing, to finish\)\./);
    expect(precise).toMatch(/This week is planned at \d+ h( \d+ min)? of training; this ride took 1 h 18 min of it\./);
    expect(precise).toMatch(/Weekly focus: two quality sessions a week/);
    expect(precise).not.toMatch(/no active training plan|Create one under Training plan/i);
  });

  it('relates the session to what each phase is for, the taper included', () => {
    // The power ride is hard (IF 0.90): how that fits depends on the phase.
    expect(progress(planned([eventPlanOnDay(15)]))).toContain('A hard session in the base phase: worth it once a week');
    expect(progress(planned([eventPlanOnDay(44)]))).toContain('A quality session like this is what the build phase is for.');
    expect(progress(planned([eventPlanOnDay(60)]))).toMatch(/week 1 of 3 of the Peak and taper phase, 9 weeks to the event\..*Goal-specific intensity, as the peak asks for\./);
    const taper = progress(planned([eventPlanOnDay(72)]));
    expect(taper).toMatch(/week 3 of 3 of the Peak and taper phase, a taper week, 9 weeks to the event\./);
    expect(taper).toContain('keeps you sharp in the taper');
    const easy = progress(planned([eventPlanOnDay(15)], 'performance', 'rideNoPower'));
    expect(easy).toContain('Easy aerobic time like this is the backbone of the base phase.');
  });

  it('shortens the next session in a taper week and says why', () => {
    const normal = writeBuiltinAnalysis(planned([eventPlanOnDay(60)]));
    const taper = writeBuiltinAnalysis(planned([eventPlanOnDay(72)]));
    expect(taper.nextSession.focus).toBe(normal.nextSession.focus);
    expect(taper.nextSession.totalDurationS).toBeLessThan(normal.nextSession.totalDurationS);
    expect(taper.nextActivity).toContain('Kept short: this is a taper week of your plan.');
    expect(normal.nextActivity).not.toContain('Kept short');
  });

  it('says when the plan had not started yet or was already over on the day', () => {
    expect(progress(planned([eventPlanOnDay(-3)]))).toMatch(
      /^“Gran Fondo Stelvio” starts on 15 May 2026, after this ride \(9 weeks to the event\)\. Until then, sessions like this one are the fitness you bring into its 11 weeks\. Meanwhile: 3 sessions/,
    );
    const completed = progress(planned([eventPlanOnDay(80)]));
    expect(completed).toMatch(/^“Gran Fondo Stelvio” ended on 8 May 2026, before this ride\. Set your next goal under Training plan/);
    expect(completed).not.toMatch(/week \d+ of/);
  });

  it('speaks about the most relevant plan and names the other active ones', () => {
    const text = progress(planned([eventPlanOnDay(15), eventPlanOnDay(44, { eventName: 'Marmotte' })]));
    expect(text).toMatch(/^“Gran Fondo Stelvio”: week 3 of 5/);
    expect(text).toMatch(/Also active: “Marmotte”\.$/);
  });

  it('quotes only facts in every phase, style and kind of activity', () => {
    const plans: Plans[] = [[eventPlanOnDay(15)], [eventPlanOnDay(44)], [eventPlanOnDay(60)], [eventPlanOnDay(72)], [eventPlanOnDay(80)], [eventPlanOnDay(-3)],
      [eventPlanOnDay(15, { planDuration: null, eventDate: '2026-05-14', eventName: 'Race 7.3' }), eventPlanOnDay(1, { eventName: 'Tour 2027' })]];
    for (const kind of KINDS) {
      for (const style of coachingStyles) {
        for (const active of plans) {
          const context = planned(active, style, kind);
          const answer = coachAnswer.parse(writeBuiltinAnalysis(context));
          expect(ungrounded(answer, context), `${kind}/${style}/${active[0]!.standing}`).toEqual([]);
        }
      }
    }
  });

  it('counts a number that is neither a plan fact nor any other fact as ungrounded', () => {
    const context = planned([eventPlanOnDay(15)]);
    const answer = writeBuiltinAnalysis(context);
    const tampered = { ...answer, trainingPlanProgress: `${answer.trainingPlanProgress} Week 93 of 97, 38 weeks to the event.` };
    expect(ungrounded(tampered, context)).toEqual(['93', '97', '38']);
  });
});

