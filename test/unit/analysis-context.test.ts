import { describe, expect, it } from 'vitest';
import { contextHash } from '../../src/server/features/facts/index.ts';
import { numbersIn } from '../../src/server/ai/numbers.ts';
import { mayEnterPrompt, type FactOrigin } from '../../src/server/ai/provenance.ts';
import { plain } from '../../src/server/features/analysis/coach/words.ts';
import { byRelevanceOnDay } from '../../src/server/features/plans/plan-on-day.ts';
import { logEntry } from '../factories.ts';
import { contextOf, eventPlanOnDay, fitnessWeek } from './support/analysis-context.ts';

describe('the analysis context', () => {
  it("formats this activity's facts once, anchored to its day", () => {
    const { activity, load, recentTraining, coaching, rideDetail } = contextOf('ridePower');
    expect(activity).toMatchObject({
      provenance: ['file'],
      kind: 'ride_power',
      date: '2026-05-12',
      metricsComputed: true,
      movingTime: { value: 4_705, text: '1 h 18 min' },
      distance: { value: 41_339, text: '41.3 km' },
      elevationGain: { value: 412, text: '412 m' },
      averageSpeed: { text: '31.6 km/h' },
      averagePace: null,
      decoupling: { value: 3.4, text: '3.4%' },
      trainingLoad: { value: 107, text: '107' },
      trainingLoadMethod: 'power',
    });
    expect(activity.power).toMatchObject({
      normalized: { text: '301 W' },
      intensityFactor: { text: '0.90' },
      ftp: { value: 333, text: '333 W' },
    });
    expect(activity.powerZones?.main).toMatchObject({ zone: { value: 4, text: 'zone 4' }, name: 'Threshold', share: { text: '32%' } });
    expect(activity.powerZones?.hardShare.text).toBe('49%');
    expect(load).toMatchObject({
      onTheDay: { fitness: { text: '59' }, fatigue: { text: '74' }, form: { text: '-8' } },
      weekBefore: { fitness: { text: '55' } },
      fitnessChange: { text: '+4' },
      formAfter: { text: '-15' },
    });
    expect(recentTraining).toMatchObject({ days: { text: '14 days' }, sessions: { text: '3 sessions' }, load: { text: '242' } });
    expect(recentTraining.bySport.map((sport) => sport.family)).toEqual(['ride', 'run']);
    expect(coaching).toEqual({ provenance: ['athlete'], style: 'performance', styleName: 'Performance', customInstructions: null });
    expect(rideDetail).toBeNull();
  });

  it('leaves the slots for settings, the four-week cycle and plans empty rather than inventing them', () => {
    const context = contextOf('run');
    expect(context.athleteProfile).toBeNull();
    expect(context.mesocycle).toBeNull();
    expect(context.activePlans).toEqual([]);
  });

  it("places the activity in the four-week cycle, with the week's load as a fact a coach can quote", () => {
    // The run is on 12 May 2026 at 06:30 UTC.
    const cycle = (currentWeek: 1 | 2 | 3 | 4, weekStart: string, enabled = true) => ({
      mesocycle: { enabled, currentWeek, weekStartDate: new Date(weekStart) },
    });
    expect(contextOf('run', cycle(4, '2026-05-10T06:00:00Z')).mesocycle).toEqual({
      provenance: ['athlete'],
      week: { value: 4, text: 'week 4' },
      name: 'Deload / Taper / Recovery',
      intent: 'Reduce load 30-40%, easy sessions, optional short openers.',
      loadOfBaseline: { value: 65, text: '60–70%' },
    });
    // The current week began after the run: the run fell in the week before.
    expect(contextOf('run', cycle(4, '2026-05-13T06:00:00Z')).mesocycle).toMatchObject({ week: { text: 'week 3' }, loadOfBaseline: { text: '110%' } });
    expect(contextOf('run', cycle(2, '2026-05-12T06:00:00Z')).mesocycle).toMatchObject({ week: { text: 'week 2' }, loadOfBaseline: { text: '105–110%' } });
    expect(contextOf('run', cycle(1, '2026-05-06T06:00:00Z')).mesocycle).toMatchObject({ name: 'Foundation', loadOfBaseline: { text: '90–95%' } });
    // Before the cycle's week 1, or with the cycle switched off, there is no cycle week to speak of.
    expect(contextOf('run', cycle(1, '2026-05-13T06:00:00Z')).mesocycle).toBeNull();
    expect(contextOf('run', cycle(4, '2026-05-10T06:00:00Z', false)).mesocycle).toBeNull();
  });

  it("ignores Strava's estimated power for a ride without a meter", () => {
    const estimated = contextOf('rideNoPower', {}, (built) => {
      built.activity.averageWatts = 180;
      built.activity.weightedAverageWatts = 195;
    });
    expect(estimated.activity.kind).toBe('ride');
    expect(estimated.activity.power).toBeNull();
  });

  it('keeps custom instructions with the custom style only, and the ride detail with its title', () => {
    expect(contextOf('run', { coachingStyle: 'chill', systemPrompt: 'ignored' }).coaching.customInstructions).toBeNull();
    const detailed = contextOf('run', { rideDetail: { type: 'custom-note', note: 'Hot day' } });
    expect(detailed.rideDetail).toEqual({ provenance: ['athlete'], type: 'custom-note', title: 'Custom Note', note: 'Hot day' });
  });

  it('names best efforts and hashes the facts so a change of anything shows', () => {
    expect(contextOf('run').activity.bestEfforts.map((effort) => `${effort.distance.text} ${effort.time.text}`)).toEqual([
      '400 m 1:22',
      '1 km 4:22',
      '5 km 23:22',
      '10 km 48:09',
    ]);
    const base = contextHash(contextOf('run'));
    expect(contextHash(contextOf('run'))).toBe(base);
    expect(contextHash(contextOf('run', { coachingStyle: 'chill' }))).not.toBe(base);
    expect(contextHash(contextOf('run', {}, (built) => built.trainingLog.push(logEntry('ride', 600, 10, 13))))).not.toBe(base);
  });
});

describe('mayEnterPrompt', () => {
  const fact = (...provenance: FactOrigin[]) => ({ provenance });

  it('lets everything into a prompt under the relaxed policy', () => {
    for (const origin of ['strava', 'demo', 'file', 'archive', 'athlete'] as const) {
      expect(mayEnterPrompt(fact(origin), 'relaxed')).toBe(true);
    }
  });

  it('keeps any fact with a Strava origin out under the strict policy', () => {
    expect(mayEnterPrompt(fact('strava'), 'strict')).toBe(false);
    expect(mayEnterPrompt(fact('file', 'strava'), 'strict')).toBe(false);
    for (const origin of ['demo', 'file', 'archive', 'athlete'] as const) expect(mayEnterPrompt(fact(origin), 'strict')).toBe(true);
    expect(mayEnterPrompt(fact(), 'strict')).toBe(true);
  });

  it("decides per fact group of a real context: a Strava ride's numbers and the load derived from them stay out", () => {
    const context = contextOf('ridePower', { rideDetail: { type: 'custom-note', note: 'Windy' } }, (built) => {
      built.activity.source = 'strava';
      built.fitness = fitnessWeek({ ctl: 50, atl: 50 }, { ctl: 51, atl: 60, tsb: -5 }, ['file', 'strava']);
      built.trainingLog = built.trainingLog.map((entry) => ({ ...entry, source: 'archive' }));
    });
    expect(mayEnterPrompt(context.activity, 'strict')).toBe(false);
    expect(mayEnterPrompt(context.load, 'strict')).toBe(false);
    expect(mayEnterPrompt(context.recentTraining, 'strict')).toBe(true);
    expect(mayEnterPrompt(context.coaching, 'strict')).toBe(true);
    expect(mayEnterPrompt(context.rideDetail!, 'strict')).toBe(true);
  });

  it("counts where an upload's thresholds were estimated from: scores read against Strava rides stay out", () => {
    const own = contextOf('ridePower', {}, (built) => {
      built.activity.metrics = { ...built.activity.metrics!, thresholdSources: ['archive', 'file'] };
    });
    expect(own.activity.provenance).toEqual(['archive', 'file']);
    expect(mayEnterPrompt(own.activity, 'strict')).toBe(true);

    const stravaDerived = contextOf('ridePower', {}, (built) => {
      built.activity.metrics = { ...built.activity.metrics!, thresholdSources: ['file', 'strava'] };
      built.trainingLog = built.trainingLog.map((entry, index) => (index === 0 ? { ...entry, thresholdSources: ['strava'] } : entry));
    });
    expect(stravaDerived.activity.provenance).toEqual(['file', 'strava']);
    expect(mayEnterPrompt(stravaDerived.activity, 'strict')).toBe(false);
    // Another session's load scored against Strava data makes the recent training Strava-derived too.
    expect(stravaDerived.recentTraining.provenance).toEqual(['file', 'strava']);
    expect(mayEnterPrompt(stravaDerived.recentTraining, 'strict')).toBe(false);
  });
});

describe('number grounding helpers', () => {
  it('reads numbers as a text writes them, not digits inside names', () => {
    expect(numbersIn('VO2max 5 × 4 min at 106–120% FTP, IF 0.87, pace 4:35 /km, form -12, Z2')).toEqual([
      '5',
      '4',
      '106',
      '120',
      '0.87',
      '4:35',
      '12',
    ]);
  });

  it("makes the athlete's text safe to quote without changing its numbers", () => {
    expect(plain('<b>3</b> laps\nof **12** km `code`')).toBe('b 3 /b laps of 12 km code');
    expect(plain('1*2')).toBe('1 2');
    expect(plain(`${'a'.repeat(10)} 12345`, 14)).toBe('aaaaaaaaaa…');
    expect(plain('x'.repeat(10) + '123456', 13)).toBe('xxxxxxxxxx…');
  });
});

describe('active training plans in the facts', () => {
  const withPlans = (...plans: ReturnType<typeof eventPlanOnDay>[]) =>
    contextOf('ridePower', {}, (built) => {
      built.plans = plans;
    });

  it("places the activity's day in the plan: phase, week of the phase and of the plan, time to the event", () => {
    const [plan] = withPlans(eventPlanOnDay(15)).activePlans;
    expect(plan).toMatchObject({
      provenance: ['athlete'],
      name: 'Gran Fondo Stelvio',
      type: 'event',
      goal: '120 km cycling event, 2500 m of climbing, to finish',
      standing: 'running',
      startDate: { text: '27 April 2026' },
      endDate: { text: '12 July 2026' },
      totalWeeks: { text: '11' },
      weekOfPlan: { text: '3' },
      phase: { key: 'base', name: 'Base', weekOfPhase: { text: '3' }, weeks: { text: '5' }, objective: 'Build aerobic capacity and durability.', weekKind: 'load' },
      target: { label: 'the event', date: { text: '14 July 2026' }, timeLeft: { value: 63, text: '9 weeks' } },
    });
    // The volumes come from the athlete's history when the plan was generated: Strava-derived.
    expect(plan!.volume).toMatchObject({ provenance: ['strava'], plannedWeekTime: { text: expect.stringMatching(/^\d+ h( \d+ min)?$/) } });
    expect(mayEnterPrompt(plan!, 'strict')).toBe(true);
    expect(mayEnterPrompt(plan!.volume!, 'strict')).toBe(false);
  });

  it('tells a plan still to start and one already over from a running one', () => {
    const upcoming = eventPlanOnDay(-3);
    expect(upcoming).toMatchObject({ standing: 'upcoming', phase: null, weekOfPlan: null, startDate: '2026-05-15' });
    const completed = eventPlanOnDay(80);
    expect(completed).toMatchObject({ standing: 'completed', phase: null, weekOfPlan: null });
    expect(withPlans(completed).activePlans[0]!.volume).toBeNull();
    const taper = eventPlanOnDay(72);
    expect(taper).toMatchObject({ standing: 'running', phase: { key: 'peak-and-taper', weekOfPhase: 3, weeks: 3, week: { kind: 'taper' } } });
  });

  it('puts the running plan that ends first ahead of upcoming and finished ones', () => {
    const ordered = [eventPlanOnDay(80, { eventName: 'Done' }), eventPlanOnDay(-3, { eventName: 'Later' }), eventPlanOnDay(44, { eventName: 'Near' }), eventPlanOnDay(15, { eventName: 'Far' })]
      .sort(byRelevanceOnDay)
      .map((plan) => plan.name);
    expect(ordered).toEqual(['Near', 'Far', 'Later', 'Done']);
  });

  it('changes the facts, and so their hash, when a plan does', () => {
    expect(contextHash(withPlans(eventPlanOnDay(15)))).not.toBe(contextHash(withPlans()));
    expect(contextHash(withPlans(eventPlanOnDay(15)))).not.toBe(contextHash(withPlans(eventPlanOnDay(22))));
  });
});
