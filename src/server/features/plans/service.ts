import type { PlanComplianceQuery, PlanComplianceView } from '../../../shared/api/plan-compliance.ts';
import {
  FREE_PLAN_LIMIT,
  FREE_PLAN_LIMIT_MESSAGE,
  planLengthFields,
  planTitle,
  type NamedPlan,
  type TrainingPlanCreate,
  type TrainingPlanInput,
  type TrainingPlanSaved,
  type TrainingPlanSwitchedBack,
  type TrainingPlanToggle,
  type TrainingPlanUpdate,
  type TrainingPlanView,
} from '../../../shared/api/training-plans.ts';
import { hasProAccess } from '../../../shared/domain/account-plan.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { fileNameSlug } from '../../../shared/domain/file-name.ts';
import { planLengthProblem, planSchedule, planTargetDay } from '../../../shared/domain/plan-phases.ts';
import { planStartProblem } from '../../../shared/domain/plan-start.ts';
import { AppError } from '../../http/errors.ts';
import { sportFamilyOf } from '../../../shared/domain/sport-family.ts';
import type { ActivitiesService } from '../activities/index.ts';
import type { ScoringService } from '../scoring/index.ts';
import { RECENT_ACTIVITY_LIMIT, type AthleteFacts } from './athlete-facts.ts';
import type { AthleteReader } from './athlete-reader.ts';
import { planCalendar } from './calendar.ts';
import { complianceLogSpan, planComplianceOf, weekComplianceOn, weekLogSpan } from './compliance-read.ts';
import type { ComplianceDay } from './compliance.ts';
import { addCalendarDays } from '../../../shared/time.ts';
import { changedDays } from './dated-sessions.ts';
import { generatePlan } from './generator.ts';
import { goalInputProblem, parseFtpW } from './goal-inputs.ts';
import { byRelevanceOnDay, lengthInput, planOnDay, type PlanOnDay } from './plan-on-day.ts';
import type { AccountAccess, PlansRepo, TrainingPlanRow, TrainingPlanValues } from './repo.ts';
import { adjustedPlanView } from './adjustments/service.ts';
import type { AdjustmentsRepo } from './adjustments/repo.ts';
import { planInUnits, toView, type AdjustedPlanView } from './view.ts';
import { unitTokens } from '../../../shared/domain/unit-tokens.ts';
import { withReadinessHold, type ReadinessHoldReader } from './day-plan/hold.ts';


const notFound = () => new AppError('not_found', 'Training plan not found');

/** The first and last day (YYYY-MM-DD) of a plan as stored. */
function planDays(plan: Parameters<typeof lengthInput>[0] & { generatedAt: Date }): { start: string; end: string } {
  const phases = planSchedule(lengthInput(plan, plan.generatedAt)).phases;
  return { start: phases[0]!.startDate, end: phases.at(-1)!.endDate };
}

const daysMeet = (a: { start: string; end: string }, b: { start: string; end: string }) => a.start <= b.end && b.start <= a.end;

/**
 * ADR 0070 (was 0029's refusal): active plans never run on the same day: the athlete would be
 * asked to train both weeks at once, and Kai could measure against only one. A plan that becomes
 * active pushes off the other active plans whose days meet its own; below Pro level every other
 * active plan (ADR 0031: one active plan at a time).
 */
export function plansMakingWay(days: { start: string; end: string }, otherActive: readonly TrainingPlanRow[], access: AccountAccess, now: Date): TrainingPlanRow[] {
  if (!hasProAccess(access.plan, access.trialExpiryDate, now)) return [...otherActive];
  return otherActive.filter((plan) => daysMeet(days, planDays(plan)));
}

/**
 * Why plans cannot be switched back on (the undo of ADR 0070), or null: one of them would run
 * alongside a plan that stays active or another of them, or a Free account would have two active.
 */
export function switchBackProblem(switchOn: readonly TrainingPlanRow[], stayActive: readonly TrainingPlanRow[], access: AccountAccess, now: Date): string | null {
  if (!hasProAccess(access.plan, access.trialExpiryDate, now) && switchOn.length + stayActive.length > 1) {
    return 'Free accounts have one active training plan at a time. Upgrade to Pro to keep several.';
  }
  for (const [index, plan] of switchOn.entries()) {
    const days = planDays(plan);
    const clash = [...stayActive, ...switchOn.slice(0, index)].find((other) => daysMeet(days, planDays(other)));
    if (clash) {
      return `"${planTitle(plan)}" cannot be switched back on: it would run on the same days as your active plan "${planTitle(clash)}" (until ${planDays(clash).end}). Switch that one off first.`;
    }
  }
  return null;
}

const named = (plans: readonly TrainingPlanRow[]): NamedPlan[] => plans.map((plan) => ({ id: plan.id, name: planTitle(plan) }));

export const CONNECT_REQUIRED_MESSAGE = 'Connect Strava or import your activity files to use training plans.';
/** An analysis speaks about this many active plans at most: the facts and the prompt stay bounded. */
export const MAX_PLANS_IN_ANALYSIS = 3;

/** Training plans; every call is scoped to the signed-in account (another account's plan is not found). */
export function createPlansService(deps: {
  repo: PlansRepo;
  activities: Pick<ActivitiesService, 'list'>;
  scoring: Pick<ScoringService, 'trainingLog'>;
  /**
   * Spec §6: training plans are blocked until the tracking service is connected; an athlete who
   * imported their activities instead counts as connected (ADR 0017).
   */
  hasTrainingData: (accountId: string) => Promise<boolean>;
  /**
   * Called after a plan was created, changed, toggled or deleted: the active plans feed the
   * analysis, so analyses written before are stale (ADR 0014).
   */
  plansChanged: (accountId: string) => Promise<void>;
  /** The athlete's facts from their log (plans/athlete-reader.ts), the same the profile is written from. */
  readAthlete: AthleteReader;
  /** The athlete's unit system: refusals state their limits in it (ADR 0026). */
  unitSystem: (accountId: string) => Promise<UnitSystem>;
  /**
   * The accepted adjustments (ADR 0050), laid over the dated sessions of every plan read for them;
   * a plan regenerated or switched off has its pending proposals superseded.
   */
  adjustments: Pick<AdjustmentsRepo, 'acceptedOf' | 'supersedePending'>;
  /** Today's readiness hold (the day plan, ADR 0068): the plan's .ics writes today as the day plan decided it. */
  readinessHold?: ReadinessHoldReader;
}) {
  const { repo, activities, scoring, hasTrainingData, plansChanged, readAthlete, unitSystem, adjustments } = deps;

  /** The plans with their accepted changes: what every reader of their dated sessions reads. */
  async function adjustedViews(accountId: string, rows: readonly TrainingPlanRow[], now: Date): Promise<AdjustedPlanView[]> {
    const [accepted, units] = await Promise.all([adjustments.acceptedOf(accountId, rows.map((row) => row.id)), unitSystem(accountId)]);
    return rows.map((row) => adjustedPlanView(row, accepted, units, now));
  }

  /** Stored plans as the athlete reads them: Kairo's measures in the account's units of today (ADR 0073). */
  async function views(accountId: string, rows: readonly TrainingPlanRow[], now: Date): Promise<TrainingPlanView[]> {
    const units = await unitSystem(accountId);
    return rows.map((row) => toView(planInUnits(row, units), now));
  }
  const view = async (accountId: string, row: TrainingPlanRow, now: Date) => (await views(accountId, [row], now))[0]!;
  const adjustedView = async (accountId: string, row: TrainingPlanRow, now: Date) => (await adjustedViews(accountId, [row], now))[0]!;

  async function requireConnected(accountId: string): Promise<void> {
    if (!(await hasTrainingData(accountId))) throw new AppError('forbidden', CONNECT_REQUIRED_MESSAGE);
  }

  /** The athlete's last 30 activities with their loads, fitness today and FTP. */
  async function athleteFacts(accountId: string, input: TrainingPlanInput, now: Date): Promise<AthleteFacts> {
    const recent = await activities.list(accountId, { limit: RECENT_ACTIVITY_LIMIT });
    const oldest = recent.at(-1);
    const loads = oldest
      ? await scoring.trainingLog(accountId, new Date(oldest.startDate), new Date(now.getTime() + 1))
      : [];
    const loadById = new Map(loads.map((entry) => [entry.activityId, entry.trainingLoad]));
    const log = recent
      .map((item) => ({
        family: sportFamilyOf(item.sportType),
        startDate: new Date(item.startDate),
        movingTimeS: item.movingTime,
        distanceM: item.distance,
        trainingLoad: loadById.get(item.id) ?? null,
      }))
      .filter((entry) => entry.startDate.getTime() <= now.getTime())
      .reverse();
    return (await readAthlete(accountId, log, now, parseFtpW(input.ftp))).facts;
  }

  /** The stored values of a plan: the inputs as typed (blank is absent) and the plan generated from them at `now`. */
  async function generate(accountId: string, input: TrainingPlanInput, now: Date, storedStart: string | null = null): Promise<TrainingPlanValues> {
    const clean = Object.fromEntries(
      Object.entries(input).map(([key, value]) => [key, typeof value === 'string' ? value.trim() || null : (value ?? null)]),
    ) as TrainingPlanInput;
    // Bounds first (ADR 0030): nothing is read or generated for a plan that cannot be built. A
    // plan keeps the start it was made with when edited later, however far back it is by then.
    const startProblem = clean.startDate && clean.startDate === storedStart ? null : planStartProblem(clean.startDate, now);
    const problem = startProblem ?? planLengthProblem(planLengthFields(clean), now) ?? goalInputProblem(clean, await unitSystem(accountId));
    if (problem) throw new AppError('bad_request', problem);
    const length = lengthInput(clean, now);
    const schedule = planSchedule(length);
    const facts = await athleteFacts(accountId, clean, now);
    // Stored unit-free: every reader renders the plan's measures in the account's units (ADR 0073).
    const { generatedPlan, planSummary } = generatePlan(clean, facts, schedule, planTargetDay(length), unitTokens);
    const { preparationType, ...fields } = clean;
    return { ...fields, preparationType, generatedPlan, planSummary, generatedAt: now };
  }

  /**
   * ADR 0031: below Pro level (Free, or a trial that ran out) one plan is active at a time. Plans
   * made before a downgrade are kept, but only the newest active one stays active; activating
   * another makes it the one. Applied whenever plans are read, because a trial ends without any
   * request to act on. Returns whether the account is held to the limit.
   */
  async function holdToFreeLimit(accountId: string, now: Date, keepId: string | null = null): Promise<boolean> {
    const standing = await repo.standing(accountId);
    if (!standing || hasProAccess(standing.access.plan, standing.access.trialExpiryDate, now)) return false;
    if ((await repo.keepOneActive(accountId, keepId)) > 0) await plansChanged(accountId);
    return true;
  }

  /** Plans switched off lose their pending proposals, as a plan switched off by hand does (ADR 0050). */
  async function supersedeSwitchedOff(accountId: string, plans: readonly TrainingPlanRow[], now: Date): Promise<void> {
    for (const plan of plans) await adjustments.supersedePending(accountId, plan.id, now);
  }

  async function findOwned(accountId: string, id: string): Promise<TrainingPlanRow> {
    const row = await repo.find(accountId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(accountId: string, now = new Date()): Promise<TrainingPlanView[]> {
      await requireConnected(accountId);
      await holdToFreeLimit(accountId, now);
      return views(accountId, await repo.list(accountId), now);
    },

    async get(accountId: string, id: string, now = new Date()): Promise<TrainingPlanView> {
      await requireConnected(accountId);
      await holdToFreeLimit(accountId, now);
      return view(accountId, await findOwned(accountId, id), now);
    },

    /**
     * Spec §6: Free accounts keep one plan; Pro (and a running trial) any number. Checked before
     * the plan is generated, so an athlete at the limit is refused at once and no work is wasted;
     * checked again under a lock on the account as the plan is stored, so that of parallel creates
     * only as many succeed as the limit allows.
     */
    async create(accountId: string, body: TrainingPlanCreate, now = new Date()): Promise<TrainingPlanSaved> {
      await requireConnected(accountId);
      const { active = true, ...input } = body;
      const mayAddPlan = (access: AccountAccess, existingPlans: number) => hasProAccess(access.plan, access.trialExpiryDate, now) || existingPlans < FREE_PLAN_LIMIT;
      const standing = await repo.standing(accountId);
      if (!standing || !mayAddPlan(standing.access, standing.plans)) throw new AppError('forbidden', FREE_PLAN_LIMIT_MESSAGE);
      const values = await generate(accountId, input, now);
      const days = planDays({ ...values, generatedAt: now });
      const result = await repo.insertWithinLimit(accountId, mayAddPlan, values, {
        active,
        makeWay: (others, access) => plansMakingWay(days, others, access, now),
      });
      if ('refused' in result) throw new AppError('forbidden', FREE_PLAN_LIMIT_MESSAGE);
      await supersedeSwitchedOff(accountId, result.switchedOff, now);
      await plansChanged(accountId);
      return { ...(await view(accountId, result.row, now)), switchedOff: named(result.switchedOff) };
    },

    /**
     * Regenerates the plan from the new inputs; its phases start again from today. An active plan
     * switches off the other active plans its new days meet (ADR 0070).
     */
    async update(accountId: string, update: TrainingPlanUpdate, now = new Date()): Promise<TrainingPlanSaved> {
      await requireConnected(accountId);
      const { id, ...input } = update;
      const stored = await findOwned(accountId, id);
      const values = await generate(accountId, input, now, stored.startDate);
      const days = planDays({ ...values, generatedAt: now });
      const result = await repo.replace(accountId, id, values, (others, access) => plansMakingWay(days, others, access, now));
      if (!result) throw notFound();
      await adjustments.supersedePending(accountId, id, now);
      await supersedeSwitchedOff(accountId, result.switchedOff, now);
      await plansChanged(accountId);
      return { ...(await view(accountId, result.row, now)), switchedOff: named(result.switchedOff) };
    },

    /** Switches a plan off, or on: then the active plans its days meet go off (ADR 0070) and are named. */
    async toggle(accountId: string, id: string, now = new Date()): Promise<TrainingPlanToggle> {
      await requireConnected(accountId);
      const result = await repo.toggle(accountId, id, (others, access, plan) => plansMakingWay(planDays(plan!), others, access, now));
      if (!result) throw notFound();
      if (result.row.isActive) await holdToFreeLimit(accountId, now, result.row.id);
      else await adjustments.supersedePending(accountId, result.row.id, now);
      await supersedeSwitchedOff(accountId, result.switchedOff, now);
      await plansChanged(accountId);
      return { id: result.row.id, isActive: result.row.isActive, switchedOff: named(result.switchedOff) };
    },

    /**
     * The undo of a switch (ADR 0070): plan `id` goes off and the plans it switched off back on, at
     * once. Another account's plan, or one deleted since, is not found; a plan that would now run
     * alongside another active one is refused with 409, and nothing changes.
     */
    async switchBack(accountId: string, id: string, switchOn: readonly string[], now = new Date()): Promise<TrainingPlanSwitchedBack> {
      await requireConnected(accountId);
      if (switchOn.includes(id)) throw new AppError('bad_request', 'A plan cannot be switched off and back on at once.');
      const result = await repo.switchBack(accountId, id, switchOn, (on, staying, access) => switchBackProblem(on, staying, access, now));
      if (!result) throw notFound();
      if ('refused' in result) throw new AppError('conflict', result.refused);
      await adjustments.supersedePending(accountId, id, now);
      await plansChanged(accountId);
      return { id: result.off.id, isActive: false, switchedOn: named(result.on) };
    },

    async delete(accountId: string, id: string): Promise<{ message: string }> {
      await requireConnected(accountId);
      if (!(await repo.delete(accountId, id))) throw notFound();
      await plansChanged(accountId);
      return { message: 'Training plan deleted' };
    },

    /**
     * Planned vs done (ADR 0035): the plan's days from `from` to `to` (its first and last day when
     * absent), their weeks, and the plan from its first day to today.
     */
    async compliance(accountId: string, id: string, query: PlanComplianceQuery, now = new Date()): Promise<PlanComplianceView> {
      await requireConnected(accountId);
      const plan = await adjustedView(accountId, await findOwned(accountId, id), now);
      const span = complianceLogSpan(plan);
      const log = await scoring.trainingLog(accountId, span.from, span.to);
      const startDate = plan.phases[0]!.startDate;
      const endDate = plan.phases.at(-1)!.endDate;
      const today = now.toISOString().slice(0, 10);
      const from = query.from && query.from > startDate ? query.from : startDate;
      const to = query.to && query.to < endDate ? query.to : endDate;
      const { days, ...totals } = planComplianceOf(plan, log, { today, from, to });
      const changed = new Map(changedDays(plan).map((day) => [day.date, day]));
      const changeOf = (date: string) => {
        const day = changed.get(date);
        return day ? { adjustmentId: day.adjustmentId, before: day.original && { name: day.original.scheduled.activityType, durationMin: day.original.durationMin } } : null;
      };
      return { planId: plan.id, startDate, endDate, today, from, to, days: days.map((day) => ({ ...day, changed: changeOf(day.date) })), ...totals };
    },

    /**
     * Planned vs done (ADR 0035) of each active plan over `from`..`to`, for the training calendar
     * (ADR 0080): the same days the plan's compliance answers, by plan id. The activities are read
     * once, from the first plan's first day to a few days after `to`: a session moved by a day
     * may take an activity of the day after, and the sessions are matched in date order, so later
     * activities change nothing before them and each listed day is what the plan's compliance says.
     */
    async activeCompliance(accountId: string, span: { from: string; to: string; today: string }, now = new Date()): Promise<Map<string, ComplianceDay[]>> {
      const rows = await repo.listActive(accountId);
      const plans = (await adjustedViews(accountId, rows, now)).filter(
        (plan) => plan.phases.length > 0 && plan.phases[0]!.startDate <= span.to && plan.phases.at(-1)!.endDate >= span.from,
      );
      const answer = new Map<string, ComplianceDay[]>();
      if (plans.length === 0) return answer;
      const spans = plans.map(complianceLogSpan);
      const from = Math.min(...spans.map((entry) => entry.from.getTime()));
      const to = Math.min(Date.parse(`${addCalendarDays(span.to, 4)}T00:00:00Z`), Math.max(...spans.map((entry) => entry.to.getTime())));
      const log = from < to ? await scoring.trainingLog(accountId, new Date(from), new Date(to)) : [];
      for (const plan of plans) answer.set(plan.id, planComplianceOf(plan, log, span).days);
      return answer;
    },

    /** Every plan of the account, active or not, for the analysis-context export (spec §3). */
    async forExport(accountId: string, now = new Date()): Promise<TrainingPlanView[]> {
      return views(accountId, await repo.list(accountId), now);
    },

    /** One plan with its accepted changes, for its files (files-service.ts). */
    async adjusted(accountId: string, id: string, now = new Date()): Promise<AdjustedPlanView> {
      await requireConnected(accountId);
      await holdToFreeLimit(accountId, now);
      return adjustedView(accountId, await findOwned(accountId, id), now);
    },

    /** A plan with its accepted changes for its calendar feed: no session, the feed's token is the key. */
    async adjustedForFeed(accountId: string, id: string, now = new Date()): Promise<AdjustedPlanView | undefined> {
      const row = await repo.find(accountId, id);
      return row ? adjustedView(accountId, row, now) : undefined;
    },

    async calendar(accountId: string, id: string, now = new Date()): Promise<{ fileName: string; ics: string }> {
      await requireConnected(accountId);
      const row = await findOwned(accountId, id);
      const adjusted = await adjustedView(accountId, row, now);
      const plan = withReadinessHold(adjusted, (await deps.readinessHold?.(accountId, adjusted)) ?? null);
      const title = planTitle(plan);
      return { fileName: `${fileNameSlug(title, 'training-plan')}.ics`, ics: planCalendar(plan, title) };
    },

    /**
     * The account's active plans on `day` (the day of an activity), the most relevant first
     * (byRelevanceOnDay), at most MAX_PLANS_IN_ANALYSIS of them. Read whether or not Strava is
     * connected: the plans are the athlete's own, and an analysis describes them as they stand.
     */
    async activePlansOn(accountId: string, day: Date, now = new Date()): Promise<PlanOnDay[]> {
      await holdToFreeLimit(accountId, now);
      const units = await unitSystem(accountId);
      const rows = await repo.listActive(accountId);
      const plans = rows
        .map((row) => ({ row, onDay: planOnDay(planInUnits(row, units), day) }))
        .sort((a, b) => byRelevanceOnDay(a.onDay, b.onDay))
        .slice(0, MAX_PLANS_IN_ANALYSIS);
      // The week's planned vs done feeds the analysis's plan progress (ADR 0035): one read of the week's activities.
      const dayIso = day.toISOString().slice(0, 10);
      const span = weekLogSpan(dayIso);
      const log = plans.some(({ onDay }) => onDay.standing === 'running') ? await scoring.trainingLog(accountId, span.from, span.to) : [];
      const views = await adjustedViews(accountId, plans.map(({ row }) => row), now);
      return plans.map(({ onDay }, index) => ({
        ...onDay,
        compliance: onDay.standing === 'running' ? weekComplianceOn(views[index]!, log, dayIso) : null,
      }));
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
