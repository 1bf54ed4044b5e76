import { unitText } from '../../src/shared/domain/unit-tokens.ts';
import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { summariseTraining, type LoggedActivity } from '../../src/server/features/plans/athlete-facts.ts';
import { planCalendar } from '../../src/server/features/plans/calendar.ts';
import { datedSessions, planDays } from '../../src/server/features/plans/dated-sessions.ts';
import { generatePlan, KEEP_OTHER_SPORT_SHARE } from '../../src/server/features/plans/generator.ts';
import { lengthInput } from '../../src/server/features/plans/plan-on-day.ts';
import { DAYS_OF_WEEK, planLengthFields, type DayOfWeek, type TrainingPlanInput, type TrainingPlanView } from '../../src/shared/api/training-plans.ts';
import { planLengthProblem, planSchedule, planTargetDay, weekStartOf, WEEKDAYS, type Weekday } from '../../src/shared/domain/plan-phases.ts';
import { planStartProblem } from '../../src/shared/domain/plan-start.ts';
import { DAY_MS } from '../../src/shared/time.ts';

/**
 * Plans that read true (issue 26, ADR 0069): for random events, PRs, general plans and athletes,
 * the calendar the plan lays out and the text it writes agree. The calendar (planDays, the same
 * layout the plan view, the .ics file and feed and the workout files read) is the reference: the
 * weeks it holds are the weeks the text states, on the athlete's week, ending with the event.
 */

const FIRST_DAY = Date.UTC(2026, 0, 1);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const weekdayOf = (iso: string): DayOfWeek => DAYS_OF_WEEK[(new Date(dayMs(iso)).getUTCDay() + 6) % 7]!;
const sportNames = { cycling: 'Cycling', running: 'Running' } as const;

interface Athlete {
  sport: 'cycling' | 'running';
  /** Weekly hours in the goal's sport, four sessions a week. */
  mainHours: number;
  /** Weekly hours of the other endurance sport, two sessions a week. */
  otherHours: number;
  /** The one long session of the last four weeks, in the goal's sport. */
  longMin: number;
  thresholdPaceSPerKm: number | null;
  ftpW: number | null;
}

/** Four weeks of training as of `now`, oldest first. */
function athleteLog(athlete: Athlete, now: number): LoggedActivity[] {
  const main = athlete.sport === 'cycling' ? 'ride' : 'run';
  const other = athlete.sport === 'cycling' ? 'run' : 'ride';
  const speed = { ride: 8, run: 3 };
  const entry = (family: 'ride' | 'run', daysAgo: number, minutes: number): LoggedActivity => ({
    family,
    startDate: new Date(now - daysAgo * DAY_MS),
    movingTimeS: minutes * 60,
    distanceM: minutes * 60 * speed[family],
    trainingLoad: null,
  });
  const log = Array.from({ length: 16 }, (_, index) => entry(main, 27 - index * 1.7, (athlete.mainHours * 60) / 4));
  if (athlete.otherHours > 0) log.push(...Array.from({ length: 8 }, (_, index) => entry(other, 26.5 - index * 3.3, (athlete.otherHours * 60) / 2)));
  log.push(entry(main, 5.5, athlete.longMin));
  return log.sort((a, b) => a.startDate.getTime() - b.startDate.getTime());
}

const athletes = fc.record({
  sport: fc.constantFrom('cycling' as const, 'running' as const),
  mainHours: fc.integer({ min: 1, max: 12 }),
  otherHours: fc.constantFrom(0, 0, 1, 3, 6, 9),
  longMin: fc.integer({ min: 20, max: 300 }),
  thresholdPaceSPerKm: fc.option(fc.integer({ min: 200, max: 420 }), { nil: null }),
  ftpW: fc.option(fc.integer({ min: 120, max: 400 }), { nil: null }),
});

const plans = fc.record({
  kind: fc.constantFrom('event' as const, 'pr' as const, 'general-fitness' as const),
  /** The generation moment: any day of 2026-2027, any hour. */
  nowDay: fc.integer({ min: 0, max: 729 }),
  nowHour: fc.integer({ min: 0, max: 23 }),
  /** Days from today to the event or PR attempt. */
  targetInDays: fc.integer({ min: 20, max: 300 }),
  /** A requested length that wins over the date (spec §4), sometimes. */
  requestedWeeks: fc.option(fc.integer({ min: 4, max: 30 }), { nil: null, freq: 4 }),
  /** A start in the past weeks (ADR 0036), sometimes. */
  startDaysBack: fc.option(fc.integer({ min: 1, max: 56 }), { nil: null, freq: 4 }),
  longDay: fc.option(fc.constantFrom(...DAYS_OF_WEEK), { nil: null }),
  restDay: fc.option(fc.constantFrom(...DAYS_OF_WEEK), { nil: null }),
  units: fc.constantFrom('metric' as const, 'imperial' as const),
});

type PlanCase = { plan: (typeof plans extends fc.Arbitrary<infer T> ? T : never); athlete: Athlete };

/** What the service does (service.ts generate): the inputs, the schedule, the generated plan; then the plan as stored and laid out. */
function build({ plan, athlete }: PlanCase) {
  const now = new Date(FIRST_DAY + plan.nowDay * DAY_MS + plan.nowHour * 3_600_000);
  const today = dayMs(isoDay(now.getTime()));
  const target = isoDay(today + plan.targetInDays * DAY_MS);
  const restDay = plan.restDay === plan.longDay ? null : plan.restDay;
  const details = [plan.longDay && `Long sessions on ${plan.longDay}s.`, restDay && `No training on ${restDay}.`].filter(Boolean).join(' ') || null;
  const common = {
    eventType: athlete.sport,
    planDuration: plan.requestedWeeks === null ? null : `${plan.requestedWeeks} weeks`,
    startDate: plan.startDaysBack === null ? null : isoDay(today - plan.startDaysBack * DAY_MS),
    additionalDetails: details,
  };
  const input: TrainingPlanInput =
    plan.kind === 'event'
      ? { ...common, preparationType: 'event', eventName: 'The race', eventDate: target, eventDistance: athlete.sport === 'cycling' ? '120 km' : '10 km', eventElevation: '800 m' }
      : plan.kind === 'pr'
        ? { ...common, preparationType: 'pr', prGoal: 'A PR', prDistance: '10 km', prTimeline: target }
        : { ...common, preparationType: 'general-fitness', planName: 'Fit', selectedActivities: JSON.stringify([sportNames[athlete.sport]]), planDuration: `${plan.requestedWeeks ?? 12} weeks` };
  const facts = summariseTraining(athleteLog(athlete, now.getTime()), now, {
    fitness: null,
    ftp: athlete.ftpW === null ? null : { watts: athlete.ftpW, source: 'estimate' },
    thresholdPaceSPerKm: athlete.thresholdPaceSPerKm,
  });
  const problem = planStartProblem(input.startDate, now) ?? planLengthProblem(planLengthFields(input), now);
  const length = lengthInput(input, now);
  const schedule = planSchedule(length);
  const { generatedPlan, planSummary } = generatePlan(input, facts, schedule, planTargetDay(length), unitText(plan.units));
  // Stored and read back, the plan lays out from its own fields (view.ts).
  const stored = planSchedule(lengthInput({ ...input, generatedPlan }, now));
  return { now, today, target, input, facts, problem, schedule, stored, generatedPlan, planSummary, restDay, requested: plan.requestedWeeks !== null };
}

const calendarWeeks = (dates: readonly string[], weekStartsOn: Weekday) => new Set(dates.map((date) => weekStartOf(dayMs(date), weekStartsOn)));

/** The dates and summaries of a calendar file's events. */
function calendarEvents(ics: string): { date: string; summary: string }[] {
  const component = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  return component.getAllSubcomponents('vevent').map((event) => ({ date: String(event.getFirstPropertyValue('dtstart')), summary: String(event.getFirstPropertyValue('summary')) }));
}

describe('plans read true: the calendar and the text agree', () => {
  it('for any plan: weeks as stated on the athlete\'s week, the taper before the event, nothing after it, checks on training days', () => {
    fc.assert(
      fc.property(plans, athletes, (plan, athlete) => {
        const built = build({ plan, athlete });
        fc.pre(built.problem === null);
        const { schedule, stored, generatedPlan, planSummary, target, today } = built;
        const weekStartsOn = generatedPlan.trainingPlan.overview.weekStartsOn!;
        expect(weekStartsOn).toBe('Monday');
        // The stored plan lays out as it was generated.
        expect(stored).toEqual(schedule);

        const days = planDays({ phases: stored.phases, generatedPlan });
        const dates = days.map((day) => day.date);
        // One day after another, from the plan's first day to its last.
        expect(dates[0]).toBe(stored.phases[0]!.startDate);
        expect(dates.at(-1)).toBe(stored.phases.at(-1)!.endDate);
        dates.forEach((date, index) => index > 0 && expect(dayMs(date) - dayMs(dates[index - 1]!)).toBe(DAY_MS));
        expect(dayMs(dates[0]!)).toBeLessThanOrEqual(today);

        // Weeks as stated: the calendar weeks the days fall in are the weeks the plan says, in each phase too.
        const weeks = stored.totalWeeks;
        expect(calendarWeeks(dates, weekStartsOn).size).toBe(weeks);
        expect(generatedPlan.trainingPlan.overview.totalWeeks).toBe(weeks);
        expect(planSummary.startsWith(`${weeks}-week plan`)).toBe(true);
        expect(generatedPlan.motivationalMessage).toContain(`${weeks} weeks`);
        expect(generatedPlan.assumptions[0]).toContain(`${weeks} week${weeks === 1 ? '' : 's'}`);
        for (const phase of stored.phases) {
          const inPhase = days.filter((day) => day.context.phase.key === phase.name);
          expect(calendarWeeks(inPhase.map((day) => day.date), weekStartsOn).size).toBe(phase.weeks);
          expect(generatedPlan.trainingPlan.phases.find((generated) => generated.key === phase.name)!.duration).toBe(`${phase.weeks} week${phase.weeks === 1 ? '' : 's'}`);
          // Every phase after the first starts on the week start; a week of the phase begins only there.
          if (phase !== stored.phases[0]) expect(weekdayOf(phase.startDate)).toBe(weekStartsOn);
          inPhase.forEach((day, index) => {
            const previous = inPhase[index - 1];
            if (previous) expect(day.context.weekOfPhase).toBe(previous.context.weekOfPhase + (weekdayOf(day.date) === weekStartsOn ? 1 : 0));
          });
        }

        const raceWeek = generatedPlan.trainingPlan.raceWeek;
        if (plan.kind !== 'general-fitness' && !built.requested) expect(raceWeek?.date).toBe(target);
        if (raceWeek) {
          // The event day itself, then nothing: the plan ends with it, in its last calendar week.
          expect(raceWeek.date).toBe(target);
          expect(dates.at(-1)).toBe(target);
          expect(days.filter((day) => day.context.isRaceDay).map((day) => day.date)).toEqual([target]);
          expect(weekStartOf(dayMs(target), weekStartsOn)).toBe(Math.max(...calendarWeeks(dates, weekStartsOn)));
          expect(generatedPlan.assumptions[0]).toContain(`on ${weekdayOf(target)} ${target}; nothing is planned after it`);
          // The taper is before the event, and the plan's last week is a taper week.
          const third = generatedPlan.trainingPlan.phases.find((phase) => phase.key === 'peak-and-taper')!;
          expect(third.weeks!.at(-1)!.kind).toBe('taper');
          for (const day of days) if (day.context.weekKind === 'taper') expect(day.date <= target).toBe(true);
          // The race week in date order, the event last, no long session or goal simulation in it.
          raceWeek.dailySchedule.forEach((day, index) => expect(day.dayOfWeek).toBe(weekdayOf(isoDay(dayMs(raceWeek.startDate) + index * DAY_MS))));
          expect(raceWeek.dailySchedule.at(-1)!.activityType).toMatch(/ - (race day|PR attempt)$/);
          expect(raceWeek.dailySchedule.some((day) => / - (long|simulation)$/.test(day.activityType))).toBe(false);
          for (const day of raceWeek.dailySchedule) if (/ - endurance$/.test(day.activityType)) expect(day.zones).toMatch(/^Z2 \(/);
        }
        if (!raceWeek) expect(dates.length % 7 === 0 || dayMs(dates[0]!) > weekStartOf(dayMs(dates[0]!), weekStartsOn)).toBe(true);

        // Checks on training days: a check with a date is a session of the calendar, the .ics file and the phase's training days.
        const sessions = datedSessions({ phases: stored.phases, generatedPlan });
        const view = { id: 'plan', phases: stored.phases, generatedPlan, updatedAt: '2026-01-01T00:00:00.000Z' } as unknown as TrainingPlanView;
        const events = calendarEvents(planCalendar(view, 'Plan'));
        const [test, longCheck] = generatedPlan.progressChecks;
        expect(test!.date).toBeDefined();
        expect(longCheck!.date).toBeDefined();
        for (const check of generatedPlan.progressChecks) {
          if (!check.date) continue;
          expect(check.timing.startsWith(`${weekdayOf(check.date)} ${check.date}`)).toBe(true);
          const session = sessions.find((candidate) => candidate.date === check.date);
          expect(session?.scheduled.activityType).toBe(check.session!.activityType);
          expect(session!.weekKind).not.toBe('race');
          const template = generatedPlan.trainingPlan.phases.find((phase) => phase.key === session!.phase.key)!.dailySchedule!;
          expect(template.find((day) => day.dayOfWeek === weekdayOf(check.date!))!.activityType).not.toBe('Rest');
          expect(events.some((event) => event.date === check.date && event.summary.startsWith(check.session!.activityType))).toBe(true);
          const steps = check.session!.steps;
          if (steps) expect(steps.reduce((sum, step) => sum + (step.type === 'intervals' ? step.repeats * (step.work.durationS + step.recovery.durationS) : step.durationS), 0)).toBe(check.session!.durationMin * 60);
        }
        expect(test!.session!.activityType).toMatch(athlete.sport === 'cycling' ? /^Cycling - FTP test$/ : /^Running - 5(K| km) time trial$/);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps the athlete\'s sports, paces their runs and starts the long session from their own', () => {
    fc.assert(
      fc.property(plans.filter((plan) => plan.kind !== 'general-fitness'), athletes, (plan, athlete) => {
        const built = build({ plan, athlete });
        fc.pre(built.problem === null);
        const { generatedPlan, facts, stored } = built;
        const templates = generatedPlan.trainingPlan.phases.flatMap((phase) => phase.dailySchedule!);
        const other = athlete.sport === 'cycling' ? 'running' : 'cycling';
        const otherMin = facts.minutesBySport[other === 'cycling' ? 'ride' : 'run'] ?? 0;
        const share = otherMin / Object.values(facts.minutesBySport).reduce((sum, value) => sum + value, 0);
        const otherSessions = templates.filter((day) => day.activityType.startsWith(sportNames[other]));
        // Another sport of a fifth of the athlete's time or more stays, on easy sessions; less is left out, and said so.
        if (share >= KEEP_OTHER_SPORT_SHARE) {
          expect(otherSessions.length).toBeGreaterThan(0);
          // ...none longer than the athlete's own longest recent session in it.
          const ownLongest = facts.longestMinBySport[other === 'cycling' ? 'ride' : 'run']!;
          for (const day of otherSessions) {
            expect(day.activityType).toMatch(/ - (endurance|recovery)$/);
            expect(day.durationMin).toBeLessThanOrEqual(Math.max(5, ownLongest));
          }
        } else expect(otherSessions).toEqual([]);
        if (share > 0) expect(generatedPlan.assumptions.some((line) => line.startsWith(`${Math.round(share * 100)}% of your recent training time was ${other === 'cycling' ? 'riding' : 'running'}`))).toBe(true);

        // Runs paced from the threshold pace when it is known.
        const paceUnit = plan.units === 'imperial' ? '/mi' : '/km';
        for (const day of templates.filter((candidate) => candidate.activityType.startsWith('Running - ') && /^Z/.test(candidate.zones))) {
          if (athlete.thresholdPaceSPerKm !== null) expect(day.zones).toContain(paceUnit);
          else expect(day.zones).not.toMatch(/\/km|\/mi/);
        }

        // The first full load week's long session is the athlete's own longest (up to half the week), not a fraction of it.
        const sessions = datedSessions({ phases: stored.phases, generatedPlan });
        const base = generatedPlan.trainingPlan.phases.find((phase) => phase.key === 'base')!;
        const firstLong = sessions.find((session) => session.phase.key === 'base' && session.weekKind === 'load' && / - long$/.test(session.scheduled.activityType) && !session.adjustmentId);
        const week = firstLong && base.weeks!.find((candidate) => candidate.week === firstLong.weekOfPhase);
        if (firstLong && week && firstLong.weekOfPhase <= 2) {
          const longest = facts.longestMinBySport[athlete.sport === 'cycling' ? 'ride' : 'run']!;
          expect(firstLong.durationMin).toBeGreaterThanOrEqual(Math.min(longest, week.targetMin * 0.5) - 10);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('lays any first day, week start and target out in calendar weeks that end with the target', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 729 }), fc.integer({ min: 20, max: 700 }), fc.constantFrom(...WEEKDAYS), (day, inDays, weekStartsOn) => {
        const generatedAt = new Date(FIRST_DAY + day * DAY_MS);
        const targetDate = isoDay(generatedAt.getTime() + inDays * DAY_MS);
        const schedule = planSchedule({ targetDate, generatedAt, weekStartsOn });
        const first = dayMs(schedule.phases[0]!.startDate);
        const last = dayMs(schedule.phases.at(-1)!.endDate);
        expect(first).toBe(generatedAt.getTime());
        expect(isoDay(last)).toBe(targetDate);
        const all = Array.from({ length: (last - first) / DAY_MS + 1 }, (_, index) => isoDay(first + index * DAY_MS));
        expect(calendarWeeks(all, weekStartsOn).size).toBe(schedule.totalWeeks);
        schedule.phases.forEach((phase, index) => {
          if (index > 0) expect(weekdayOf(phase.startDate)).toBe(weekStartsOn);
          if (index < schedule.phases.length - 1) expect(dayMs(phase.endDate) + DAY_MS).toBe(dayMs(schedule.phases[index + 1]!.startDate));
        });
      }),
      { numRuns: 500 },
    );
  });
});
