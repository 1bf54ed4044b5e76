import { renderUnits, renderUnitsDeep, unitText, unitTokens, type MeasureWriter } from '../../src/shared/domain/unit-tokens.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summariseTraining, type AthleteFacts } from '../../src/server/features/plans/athlete-facts.ts';
import { eventTime } from '../../src/server/features/plans/event-time.ts';
import { generatePlan, parseDistanceKm, parseElevationM, parseWeeklyMinutes } from '../../src/server/features/plans/generator.ts';
import { MIN_SESSION_MIN } from '../../src/server/features/plans/sessions.ts';
import { DAYS_OF_WEEK, generatedPlan, trainingPlanInput, type TrainingPlanInput } from '../../src/shared/api/training-plans.ts';
import { planSchedule } from '../../src/shared/domain/plan-phases.ts';
import { DAY_MS } from '../../src/shared/time.ts';

const now = new Date('2026-03-10T12:00:00Z');

/** Four weeks of rides: 3 a week, 60/60/120 min at 30 km/h, load 50 per hour. */
const log = Array.from({ length: 12 }, (_, index) => {
  const minutes = index % 3 === 2 ? 120 : 60;
  return {
    family: 'ride' as const,
    startDate: new Date(now.getTime() - (27 - index * 2) * DAY_MS),
    movingTimeS: minutes * 60,
    distanceM: (minutes / 60) * 30_000,
    trainingLoad: (minutes / 60) * 50,
  };
});
const facts: AthleteFacts = summariseTraining(log, now, { fitness: { ctl: 42, atl: 50, tsb: -8 }, ftp: { watts: 240, source: 'estimate' } });

describe('summariseTraining', () => {
  it('averages the last four weeks of the last 30 activities', () => {
    expect(facts).toMatchObject({
      activityCount: 12,
      weeklyMinutes: 240, // 960 min over 4 weeks
      weeklySessions: 3,
      longestSessionMin: 120,
      weeklyLoad: 200,
      minutesBySport: { ride: 960 },
    });
    expect(facts.averageSpeedMps.ride).toBeCloseTo(30_000 / 3600, 6);
  });
});

describe('generatePlan', () => {
  const event: TrainingPlanInput = trainingPlanInput.parse({
    preparationType: 'event',
    eventName: 'Gran Fondo',
    eventType: 'cycling',
    eventDate: '2026-07-05',
    eventDistance: '150 km',
    eventElevation: '2000 m',
    weeklyTrainingTime: '5 hours',
  });

  it('builds the whole structure from the facts: volumes, distances and FTP are the athlete\'s', () => {
    const schedule = planSchedule({ targetDate: event.eventDate, generatedAt: now });
    const { generatedPlan: plan, planSummary } = generatePlan(event, facts, schedule, null, unitText('metric'));
    expect(generatedPlan.parse(plan)).toEqual(plan);
    expect(plan.trainingPlan.overview).toEqual({ totalWeeks: schedule.totalWeeks, weeklyVolume: { current: '4 h per week', peak: '5 h per week' } });
    expect(plan.eventDemands.keyPhysicalDemands).toEqual(['150.0 km of cycling.', 'About 6 h 49 min of continuous effort at your recent speed, climbing included.', '2,000 m of climbing.']);
    expect(plan.gapAnalysis.primaryGap).toMatchObject({ area: 'Endurance for the distance', priority: 'critical' });
    expect(plan.assumptions).toContain("Power zones use Kairo's FTP estimate from your rides: 240 W.");
    const base = plan.trainingPlan.phases[0]!;
    expect(base.dailySchedule!.find((day) => day.activityType === 'Cycling - endurance')!.zones).toBe('Z2 (56-75% FTP, 134-180 W)');
    expect(planSummary).toBe(`${schedule.totalWeeks}-week plan for Gran Fondo: base 9 weeks, build 5, peak and taper 3. Weekly volume from 4 h a week to 5 h at most; first priority: endurance for the distance.`);
  });

  it('keeps its invariants for any plan type, length and weekly time', () => {
    const inputs = fc.oneof(
      fc.record({ preparationType: fc.constant('event'), eventName: fc.constant('Race'), eventType: fc.constantFrom('cycling', 'running'), eventDate: fc.constantFrom('2026-04-20', '2026-06-01', '2027-01-10'), eventDistance: fc.constantFrom('10k', '42.2 km', '200 km', '26.2 mi'), weeklyTrainingTime: fc.constantFrom('', '3 hours', '12 h', '600 min') }),
      fc.record({ preparationType: fc.constant('pr'), prGoal: fc.constant('PR'), eventType: fc.constantFrom('cycling', 'running'), prDistance: fc.constantFrom('5 km', '40 km'), prTimeline: fc.constantFrom('in 3 months', 'September 2026', 'soon') }),
      fc.record({ preparationType: fc.constant('general-fitness'), planName: fc.constant('Fit'), selectedActivities: fc.subarray(['Cycling', 'Running', 'Lifting', 'Other'], { minLength: 1 }).map((list) => JSON.stringify(list)), otherActivity: fc.constant('Swimming'), planDuration: fc.constantFrom('4 weeks', '10 weeks', '6 months') }),
    );
    const athletes = fc.constantFrom(facts, summariseTraining([], now, { fitness: null, ftp: null }));
    fc.assert(
      fc.property(inputs, athletes, (raw, athlete) => {
        const input = trainingPlanInput.parse(raw);
        const schedule = planSchedule({ requestedLength: input.planDuration ?? null, targetDate: input.eventDate ?? input.prTimeline ?? null, generatedAt: now });
        const { generatedPlan: plan, planSummary } = generatePlan(input, athlete, schedule, null, unitText('metric'));
        expect(JSON.stringify(plan)).not.toMatch(/NaN|Infinity|undefined/);
        expect(planSummary).not.toMatch(/NaN|undefined/);
        expect(plan.trainingPlan.overview.totalWeeks).toBe(schedule.totalWeeks);
        expect(plan.trainingPlan.phases.map((phase) => phase.key)).toEqual(['base', 'build', 'peak-and-taper']);
        for (const [index, phase] of plan.trainingPlan.phases.entries()) {
          expect(phase.weeks!.length).toBe(schedule.phases[index]!.weeks);
          expect(phase.dailySchedule!.map((day) => day.dayOfWeek)).toEqual([...DAYS_OF_WEEK]);
          expect(phase.dailySchedule![0]!.activityType).toBe('Rest');
          const typical = Math.max(...phase.weeks!.filter((week) => week.kind === 'load' || week.kind === 'peak').map((week) => week.targetMin), phase.weeks![0]!.targetMin);
          const scheduled = phase.dailySchedule!.reduce((sum, day) => sum + day.durationMin, 0);
          const strength = phase.dailySchedule!.filter((day) => day.activityType.startsWith('Lifting')).length * 45;
          // The week's time, unless strength leaves too little for an endurance session: then strength alone (no 0-minute rides).
          expect(scheduled).toBe(typical - strength >= MIN_SESSION_MIN ? typical : strength);
          for (const day of phase.dailySchedule!) if (day.activityType !== 'Rest') expect(day.durationMin).toBeGreaterThanOrEqual(MIN_SESSION_MIN);
        }
        const taper = plan.trainingPlan.phases[2]!.weeks!.filter((week) => week.kind === 'taper');
        // General-fitness plans have no race to taper for (ADR 0029).
        expect(taper).toHaveLength(input.preparationType === 'general-fitness' ? 0 : schedule.taperWeeks);
        expect(['critical', 'high', 'medium', 'low']).toContain(plan.gapAnalysis.primaryGap.priority);
      }),
      { numRuns: 150 },
    );
  });
});

describe('a plan in the athlete\'s units and words', () => {
  /** A distance, climb or speed figure in metric units: '150.0 km', '2,000 m', '30.0 km/h', '25 m per km'. */
  const METRIC_FIGURE = /\d\s?(km|m|km\/h)\b/;
  /** A stopwatch reading such as '4:00' or '1:30', which plan text writes in words instead. */
  const CLOCK_FIGURE = /\b\d{1,2}:\d{2}\b/;
  const texts = (input: TrainingPlanInput, units: 'metric' | 'imperial') => {
    const schedule = planSchedule({ targetDate: input.eventDate ?? input.prTimeline ?? null, generatedAt: now });
    const { generatedPlan: plan, planSummary } = generatePlan(input, facts, schedule, new Date(`${input.eventDate ?? '2026-07-05'}T00:00:00Z`), unitText(units));
    return `${JSON.stringify(plan)}\n${planSummary}`;
  };
  const event = { preparationType: 'event', eventName: 'Gran Fondo', eventType: 'cycling', eventDate: '2026-07-05', eventDistance: '150 km', weeklyTrainingTime: '5 hours' };
  const hillyRide = trainingPlanInput.parse({ ...event, eventElevation: '2000 m' });
  const hillyRun = trainingPlanInput.parse({ ...event, eventType: 'running', eventName: 'Trail marathon', eventDistance: '42.2 km', eventElevation: '1200 m' });
  const runPr = trainingPlanInput.parse({ preparationType: 'pr', prGoal: 'Faster 10k', eventType: 'running', prDistance: '10 km', prTimeline: '2026-06-14' });

  it('an imperial athlete\'s plan gives distances in miles, climbing in feet, speeds in mph, and no km or m figure', () => {
    const ride = texts(hillyRide, 'imperial');
    expect(ride).toContain('93.2 mi of cycling.');
    expect(ride).toContain('6,562 ft of climbing.');
    expect(ride).toContain('The goal climbs 6,562 ft over 93.2 mi (70 ft per mi).');
    expect(ride).toMatch(/\d mph uphill/);
    expect(ride).toContain('Gran Fondo: 93.2 mi.');
    expect(JSON.parse(ride.split('\n')[0]!)).toMatchObject({ units: 'imperial' });
    const run = texts(hillyRun, 'imperial');
    expect(run).toContain('No recent running to estimate how long 26.2 mi takes you.');
    const scarf = eventTime('running', 42.2, 1200, 3, null, unitText('imperial')).model;
    expect(scarf).toBe(
      '26.2 mi with 3,937 ft of climbing run like 32.1 mi on the flat (each foot climbed counts as 7.92 ft: Scarf 2007, after Naismith), at your recent average running speed (6.7 mph).',
    );
    expect(texts(runPr, 'imperial')).toContain('run 5K (3.1 mi) as evenly');
    for (const text of [ride, run, texts(runPr, 'imperial')]) expect(text).not.toMatch(METRIC_FIGURE);
  });

  it('a metric athlete\'s plan keeps kilometres and metres', () => {
    const ride = texts(hillyRide, 'metric');
    expect(ride).toContain('150.0 km of cycling.');
    expect(ride).toContain('The goal climbs 2,000 m over 150.0 km (13 m per km).');
    expect(texts(runPr, 'metric')).toContain('run 5 km as evenly');
    expect(ride).not.toMatch(/\bmi\b|\bft\b|mph/);
  });

  describe('stored unit-free, read in the reader\'s units (ADR 0073)', () => {
    /** A runner with a threshold pace and recent runs, so paces, speeds and the 5 km test are written too. */
    const runner: AthleteFacts = { ...facts, thresholdPaceSPerKm: 250, averageSpeedMps: { ...facts.averageSpeedMps, run: 3 }, minutesBySport: { ride: 400, run: 560 } };
    const generate = (input: TrainingPlanInput, write: MeasureWriter, athlete = facts) => {
      const schedule = planSchedule({ targetDate: input.eventDate ?? input.prTimeline ?? null, generatedAt: now });
      return generatePlan(input, athlete, schedule, new Date(`${input.eventDate ?? '2026-07-05'}T00:00:00Z`), write);
    };
    const cases = [
      ['a hilly ride', hillyRide, facts],
      ['a hilly run with a threshold pace', hillyRun, runner],
      ['a run PR with its 5 km test', runPr, runner],
    ] as const;

    it.each(cases)('%s: rendered in either system, the stored plan reads as one written in that system', (_name, input, athlete) => {
      const stored = generate(input, unitTokens, athlete);
      expect(stored.generatedPlan).toMatchObject({ unitTokens: true });
      expect(stored.generatedPlan.units).toBeUndefined();
      for (const units of ['metric', 'imperial'] as const) {
        const { unitTokens: _tokens, ...rendered } = renderUnitsDeep(stored.generatedPlan, units);
        expect({ ...rendered, units }).toEqual(generate(input, unitText(units), athlete).generatedPlan);
        expect(renderUnits(stored.planSummary, units)).toBe(generate(input, unitText(units), athlete).planSummary);
      }
    });

    /** Each measure in its system's units, and the unit-dependent words, as one placeholder. */
    const MEASURES = {
      metric: [/\b5 km\b/g, /\bmetre\b/g, /[\d,.:-]+ (km\/h|km|m|\/km|kg)( per km)?(?![\w/])/g],
      imperial: [/\b5K \(3\.1 mi\)/g, /\bfoot\b/g, /[\d,.:-]+ (mph|mi|ft|\/mi|lb)( per mi)?(?![\w/])/g],
    };
    const withoutMeasures = (text: string, units: 'metric' | 'imperial') => MEASURES[units].reduce((rest, pattern) => rest.replace(pattern, '#'), text);

    it.each(cases)('%s: the plan in metric and in imperial differs only in its measures', (_name, input, athlete) => {
      const stored = generate(input, unitTokens, athlete);
      const text = (units: 'metric' | 'imperial') => `${JSON.stringify(renderUnitsDeep(stored.generatedPlan, units))}\n${renderUnits(stored.planSummary, units)}`;
      const [metric, imperial] = [text('metric'), text('imperial')];
      expect(metric).not.toBe(imperial);
      expect(withoutMeasures(metric, 'metric').replace('"units":"metric"', '')).toBe(withoutMeasures(imperial, 'imperial').replace('"units":"imperial"', ''));
      expect(imperial).not.toMatch(METRIC_FIGURE);
    });

    it('keeps what the athlete typed as typed, and never reads a token in it', () => {
      const hostile = trainingPlanInput.parse({ ...hillyRide, eventName: 'Fondo \uE000d:1000\uE001 \uE000u:5k\uE001 (150 km)', targetTime: '5 h', completionGoal: 'time' });
      const stored = generate(hostile, unitTokens);
      const imperial = JSON.stringify(renderUnitsDeep(stored.generatedPlan, 'imperial'));
      expect(imperial).toContain('Fondo d:1000 u:5k (150 km): 93.2 mi.');
      expect(imperial).not.toMatch(/[\uE000\uE001]/);
      expect(imperial).not.toContain('0.6 mi');
    });
  });

  it('writes every duration in words, never as a clock reading', () => {
    for (const input of [hillyRide, hillyRun, runPr]) {
      const text = texts(input, 'metric');
      expect(text).not.toMatch(CLOCK_FIGURE);
      expect(text).toMatch(/\d h \d+ min|\d h\b/);
    }
  });
});

describe('parsing what the athlete typed', () => {
  it.each([
    ['100 km', 100],
    ['62 mi', 62 * 1.60934],
    ['10k', 10],
    ['5000 m', 5],
    ['marathon', 42.2],
    ['half marathon', 21.1],
    ['42,2 km', 42.2],
    ['74.6 mi', 74.6 * 1.60934],
    ['1,000 mi', 1000 * 1.60934],
    ['far', null],
  ])('distance %j -> %s km', (text, km) => {
    if (km === null) expect(parseDistanceKm(text)).toBeNull();
    else expect(parseDistanceKm(text)).toBeCloseTo(km, 6);
  });

  it.each([
    ['1,800 m', 1800],
    ['8,202 ft', 8202 / 3.28084],
    ['2500 m', 2500],
    ['1,5 m', 1.5],
    ['none', null],
  ])('elevation %j -> %s m: thousands grouped as Kairo writes them, or a decimal comma', (text, metres) => {
    if (metres === null) expect(parseElevationM(text)).toBeNull();
    else expect(parseElevationM(text)).toBeCloseTo(metres, 6);
  });

  it.each([
    ['8 hours', 480],
    ['6-8 h', 360],
    ['450 min', 450],
    ['7', 420],
    ['none', null],
  ])('weekly time %j -> %s min', (text, minutes) => {
    expect(parseWeeklyMinutes(text)).toBe(minutes);
  });
});
