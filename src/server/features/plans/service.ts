import { PRO_ONLY_MESSAGES } from '../../../shared/api/exports.ts';
import {
  FREE_PLAN_LIMIT,
  FREE_PLAN_LIMIT_MESSAGE,
  planTitle,
  planWorkoutsUnavailable,
  type TrainingPlanInput,
  type TrainingPlanUpdate,
  type TrainingPlanView,
} from '../../../shared/api/training-plans.ts';
import { hasProAccess, type AccountPlan } from '../../../shared/domain/account-plan.ts';
import { fileNameSlug } from '../../../shared/domain/file-name.ts';
import { currentPhaseOf, planSchedule } from '../../../shared/domain/plan-phases.ts';
import { AppError } from '../../http/errors.ts';
import { sportFamilyOf, type ActivitiesService } from '../activities/service.ts';
import { RECENT_ACTIVITY_LIMIT, summariseTraining, type AthleteFacts } from './athlete-facts.ts';
import { planCalendar } from './calendar.ts';
import { generatePlan, parseFtpW } from './generator.ts';
import { byRelevanceOnDay, lengthInput, planOnDay, type PlanOnDay } from './plan-on-day.ts';
import type { AccountAccess, PlansRepo, TrainingPlanRow, TrainingPlanValues } from './repo.ts';
import { planWorkouts, zipWorkouts } from './workouts.ts';

export { summariseTraining, VOLUME_WINDOW_DAYS, type AthleteFacts, type LoggedActivity } from './athlete-facts.ts';

export type { PlanOnDay, PlanStanding } from './plan-on-day.ts';

const notFound = () => new AppError('not_found', 'Training plan not found');
export const CONNECT_REQUIRED_MESSAGE = 'Connect Strava or import your activity files to use training plans.';
/** An analysis speaks about this many active plans at most: the facts and the prompt stay bounded. */
export const MAX_PLANS_IN_ANALYSIS = 3;

function toView(row: TrainingPlanRow, now: Date): TrainingPlanView {
  const { accountId: _accountId, generatedAt, updatedAt, ...fields } = row;
  const input = lengthInput(row, generatedAt);
  const schedule = planSchedule(input);
  const progress = currentPhaseOf(input, now);
  return {
    ...fields,
    generatedAt: generatedAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    totalWeeks: schedule.totalWeeks,
    taperWeeks: schedule.taperWeeks,
    phases: schedule.phases,
    currentPhase: progress.phase,
    weekOfPhase: progress.weekOfPhase,
  };
}

/** Training plans; every call is scoped to the signed-in account (another account's plan is not found). */
export function createPlansService(deps: {
  repo: PlansRepo;
  activities: ActivitiesService;
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
  /** The effective FTP every consumer reads (ADR 0025); null when nothing states or estimates one. */
  effectiveFtp: (accountId: string, now: Date) => Promise<{ watts: number; source: 'athlete' | 'strava' | 'estimate' } | null>;
}) {
  const { repo, activities, hasTrainingData, plansChanged, effectiveFtp } = deps;

  async function requireConnected(accountId: string): Promise<void> {
    if (!(await hasTrainingData(accountId))) throw new AppError('forbidden', CONNECT_REQUIRED_MESSAGE);
  }

  /** The athlete's last 30 activities with their loads, fitness today and FTP. */
  async function athleteFacts(accountId: string, input: TrainingPlanInput, now: Date): Promise<AthleteFacts> {
    const recent = await activities.list(accountId, { limit: RECENT_ACTIVITY_LIMIT });
    const oldest = recent.at(-1);
    const loads = oldest
      ? await activities.trainingLog(accountId, new Date(oldest.startDate), new Date(now.getTime() + 1))
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
    const [today] = (await activities.fitness(accountId, 1)).slice(-1);
    const typedFtp = parseFtpW(input.ftp);
    const effective = typedFtp === null ? await effectiveFtp(accountId, now) : null;
    return summariseTraining(log, now, {
      fitness: today && (today.ctl > 0 || today.atl > 0) ? { ctl: today.ctl, atl: today.atl, tsb: today.tsb } : null,
      ftp: typedFtp !== null ? { watts: typedFtp, source: 'athlete' } : effective,
    });
  }

  /** The stored values of a plan: the inputs as typed (blank is absent) and the plan generated from them at `now`. */
  async function generate(accountId: string, input: TrainingPlanInput, now: Date): Promise<TrainingPlanValues> {
    const clean = Object.fromEntries(
      Object.entries(input).map(([key, value]) => [key, typeof value === 'string' ? value.trim() || null : (value ?? null)]),
    ) as TrainingPlanInput;
    const schedule = planSchedule(lengthInput(clean, now));
    const { generatedPlan, planSummary } = generatePlan(clean, await athleteFacts(accountId, clean, now), schedule);
    const { preparationType, ...fields } = clean;
    return { ...fields, preparationType, generatedPlan, planSummary, generatedAt: now };
  }

  async function findOwned(accountId: string, id: string): Promise<TrainingPlanRow> {
    const row = await repo.find(accountId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(accountId: string, now = new Date()): Promise<TrainingPlanView[]> {
      await requireConnected(accountId);
      return (await repo.list(accountId)).map((row) => toView(row, now));
    },

    async get(accountId: string, id: string, now = new Date()): Promise<TrainingPlanView> {
      await requireConnected(accountId);
      return toView(await findOwned(accountId, id), now);
    },

    /**
     * Spec §6: Free accounts keep one plan; Pro (and a running trial) any number. Checked before
     * the plan is generated, so an athlete at the limit is refused at once and no work is wasted;
     * checked again under a lock on the account as the plan is stored, so that of parallel creates
     * only as many succeed as the limit allows.
     */
    async create(accountId: string, input: TrainingPlanInput, now = new Date()): Promise<TrainingPlanView> {
      await requireConnected(accountId);
      const mayAddPlan = (access: AccountAccess, existingPlans: number) => hasProAccess(access.plan, access.trialExpiryDate, now) || existingPlans < FREE_PLAN_LIMIT;
      const standing = await repo.standing(accountId);
      if (!standing || !mayAddPlan(standing.access, standing.plans)) throw new AppError('forbidden', FREE_PLAN_LIMIT_MESSAGE);
      const row = await repo.insertWithinLimit(accountId, mayAddPlan, await generate(accountId, input, now));
      if (!row) throw new AppError('forbidden', FREE_PLAN_LIMIT_MESSAGE);
      await plansChanged(accountId);
      return toView(row, now);
    },

    /** Regenerates the plan from the new inputs; its phases start again from today. */
    async update(accountId: string, update: TrainingPlanUpdate, now = new Date()): Promise<TrainingPlanView> {
      await requireConnected(accountId);
      const { id, ...input } = update;
      await findOwned(accountId, id);
      const row = await repo.replace(accountId, id, await generate(accountId, input, now));
      if (!row) throw notFound();
      await plansChanged(accountId);
      return toView(row, now);
    },

    async toggle(accountId: string, id: string): Promise<{ id: string; isActive: boolean }> {
      await requireConnected(accountId);
      const row = await repo.toggle(accountId, id);
      if (!row) throw notFound();
      await plansChanged(accountId);
      return { id: row.id, isActive: row.isActive };
    },

    async delete(accountId: string, id: string): Promise<{ message: string }> {
      await requireConnected(accountId);
      if (!(await repo.delete(accountId, id))) throw notFound();
      await plansChanged(accountId);
      return { message: 'Training plan deleted' };
    },

    /** Every plan of the account, active or not, for the analysis-context export (spec §3). */
    async forExport(accountId: string, now = new Date()): Promise<TrainingPlanView[]> {
      return (await repo.list(accountId)).map((row) => toView(row, now));
    },

    async calendar(accountId: string, id: string, now = new Date()): Promise<{ fileName: string; ics: string }> {
      await requireConnected(accountId);
      const plan = toView(await findOwned(accountId, id), now);
      const title = planTitle(plan);
      return { fileName: `${fileNameSlug(title, 'training-plan')}.ics`, ics: planCalendar(plan, title, now) };
    },

    /** Pro (a running trial counts): the plan's cycling workouts as .zwo files in one .zip. Checked before anything is read. */
    async workouts(account: { id: string; plan: AccountPlan; trialExpiryDate: Date | null }, id: string, now = new Date()): Promise<{ fileName: string; zip: Buffer }> {
      if (!hasProAccess(account.plan, account.trialExpiryDate, now)) throw new AppError('forbidden', PRO_ONLY_MESSAGES.workoutFile);
      await requireConnected(account.id);
      const row = await findOwned(account.id, id);
      const unavailable = planWorkoutsUnavailable(row.generatedPlan);
      if (unavailable) throw new AppError('bad_request', unavailable);
      const plan = toView(row, now);
      const title = planTitle(plan);
      const zip = await zipWorkouts(planWorkouts(plan, title), row.generatedAt);
      return { fileName: `${fileNameSlug(title, 'training-plan')}-workouts.zip`, zip };
    },

    /**
     * The account's active plans on `day` (the day of an activity), the most relevant first
     * (byRelevanceOnDay), at most MAX_PLANS_IN_ANALYSIS of them. Read whether or not Strava is
     * connected: the plans are the athlete's own, and an analysis describes them as they stand.
     */
    async activePlansOn(accountId: string, day: Date): Promise<PlanOnDay[]> {
      const rows = await repo.listActive(accountId);
      return rows
        .map((row) => planOnDay(row, day))
        .sort(byRelevanceOnDay)
        .slice(0, MAX_PLANS_IN_ANALYSIS);
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
