import {
  ADJUSTMENT_CONFLICTS,
  ADJUSTMENT_NOT_FOUND,
  type AdjustmentAction,
  type PendingAdjustments,
  type PlanAdjustment,
  type PlanAdjustmentList,
  type StoredAdjustmentChange,
} from '../../../../shared/api/plan-adjustments.ts';
import { planTitle } from '../../../../shared/api/training-plans.ts';
import { formatCalendarDay } from '../../../../shared/format.ts';
import { AppError } from '../../../http/errors.ts';
import type { ScoringService } from '../../scoring/index.ts';
import type { LowDays, WellnessService } from '../../wellness/index.ts';
import { planDays, sameSession, type AcceptedSessionChange } from '../dated-sessions.ts';
import { parseFtpW } from '../goal-inputs.ts';
import { planOnDay } from '../plan-on-day.ts';
import type { PlansRepo, TrainingPlanRow } from '../repo.ts';
import { changesInUnits, planInUnits, toView, type AdjustedPlanView } from '../view.ts';
import type { UnitSystem } from '../../../../shared/domain/unit-system.ts';
import type { AdjustmentsRepo, PlanAdjustmentRow } from './repo.ts';
import { reviewLogSpan, reviewProposals } from './review.ts';
import type { Proposal } from './rules.ts';
import { reasonProvenance, type ReasonToWord, type ReasonWording } from './wording.ts';
import type { FactOrigin } from '../../../ai/provenance.ts';
import { DAY_MS } from '../../../../shared/time.ts';
import { morningFitness } from '../../../../metrics/fitness.ts';

/**
 * The plan answers back (ADR 0050): the review that turns the rules' proposals into pending
 * adjustments (once per situation), and the athlete's accept, decline and undo. Nothing changes
 * the plan's sessions but an accept; an undo takes exactly that change off again.
 */

/** A trigger whose proposal the athlete decided on is not raised again for this long (a missed session: never again for that day). */
export const DECIDED_QUIET_DAYS = 7;
/** A review whose plan changed while it read runs again, at most this many times in all. */
const REVIEW_ATTEMPTS = 3;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const notFound = () => new AppError('not_found', ADJUSTMENT_NOT_FOUND);
const conflict = (message: string) => new AppError('conflict', message);

/** The accepted changes of a plan's adjustments, in the order they were accepted. */
export function acceptedChanges(rows: readonly PlanAdjustmentRow[]): AcceptedSessionChange[] {
  return rows
    .filter((row) => row.status === 'accepted')
    .sort((a, b) => a.decidedAt!.getTime() - b.decidedAt!.getTime() || a.id.localeCompare(b.id))
    .flatMap((row) => row.changes.map((change) => ({ adjustmentId: row.id, date: change.date, before: change.before, after: change.after })));
}

/**
 * A stored plan as every reader of its dated sessions reads it (ADR 0050, 0073): Kairo's measures in
 * the account's units, and the changes the athlete accepted (of `accepted`, those of this plan).
 */
export function adjustedPlanView(row: TrainingPlanRow, accepted: readonly PlanAdjustmentRow[], units: UnitSystem, now: Date): AdjustedPlanView {
  return { ...toView(planInUnits(row, units), now), sessionChanges: changesInUnits(acceptedChanges(accepted.filter((entry) => entry.planId === row.id)), units) };
}

const sessionView = (side: StoredAdjustmentChange['before']) => (side ? { activityType: side.scheduled.activityType, durationMin: side.durationMin } : null);

export function toAdjustmentView(row: PlanAdjustmentRow): PlanAdjustment {
  return {
    id: row.id,
    planId: row.planId,
    trigger: row.trigger,
    status: row.status,
    reason: row.reason,
    wordedReason: row.reasonWorded,
    evidence: row.evidence,
    changes: row.changes.map((change) => ({ date: change.date, kind: change.kind, before: sessionView(change.before), after: sessionView(change.after) })),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
  };
}

/** Two proposals of a situation ask the same when they touch the same days the same way. */
const changeKey = (changes: readonly StoredAdjustmentChange[]) =>
  JSON.stringify(changes.map((change) => [change.date, change.kind, sessionView(change.before), sessionView(change.after)]));

/** What the review reads besides the plan: the same for every plan of the account. */
interface AthleteState {
  lowDays: LowDays;
  tsb: number | null;
  /** The activity sources behind form and load (the fitness series'), read only when a model words the reasons. */
  activitySources: FactOrigin[];
}

/** A reason the review wrote, to be worded once the proposal is stored. */
type WordingTask = ReasonToWord & { id: string };

export function createAdjustmentsService(deps: {
  repo: AdjustmentsRepo;
  plans: Pick<PlansRepo, 'listActive' | 'find'>;
  scoring: Pick<ScoringService, 'trainingLog' | 'fitness' | 'fitnessWithSources'>;
  wellness: Pick<WellnessService, 'lowDays'>;
  /** Called after an accept or an undo changed a plan's sessions: analyses that read the plan are stale (ADR 0014). */
  plansChanged: (accountId: string) => Promise<void>;
  /** The configured language model's wording of the reasons (ADR 0056); without one the rules' sentences are shown. */
  wording?: ReasonWording | undefined;
}) {
  const { repo, plans, scoring, wellness, plansChanged, wording } = deps;

  async function athleteState(accountId: string, now: Date): Promise<AthleteState> {
    const today = isoDay(now.getTime());
    const withSources = async () => (wording ? scoring.fitnessWithSources(accountId, 1, now) : { series: await scoring.fitness(accountId, 1, now), sources: [] });
    const [lowDays, fitness] = await Promise.all([wellness.lowDays(accountId, today), withSources()]);
    const day = fitness.series.at(-1);
    const trained = day && day.date === today && (day.ctl !== 0 || day.atl !== 0 || day.tsb !== 0);
    // The form as Home shows it that morning (ADR 0071), judged as shown.
    return { lowDays, tsb: trained ? morningFitness(day).form : null, activitySources: fitness.sources };
  }

  /** The rules' proposals for the plan as it stands with its accepted changes. */
  async function proposalsFor(accountId: string, plan: AdjustedPlanView, state: AthleteState, ftp: string | null, now: Date): Promise<Proposal[]> {
    const span = reviewLogSpan(now);
    const log = await scoring.trainingLog(accountId, span.from, span.to);
    return reviewProposals({ plan, log, lowDays: state.lowDays, tsb: state.tsb, ftpW: parseFtpW(ftp), now });
  }

  const provenanceOf = (proposal: Proposal, state: AthleteState) => reasonProvenance(proposal.trigger, state.activitySources);

  /**
   * The model words the reasons just written, after they are stored: a proposal never waits for
   * it. A wording lands only while its proposal still has the sentence it worded; a failure
   * leaves the rules' sentence (the AI module logs it, once per sentence: a kept reason is not
   * worded again).
   */
  async function wordReasons(accountId: string, tasks: readonly WordingTask[]): Promise<void> {
    if (!wording) return;
    for (const task of tasks) {
      const worded = await wording.word(task);
      if (worded !== null) await repo.setWorded(accountId, task.id, task.reason, worded);
    }
  }

  /** Whether the athlete already decided on this situation recently enough that it is not raised again. */
  function decided(history: readonly PlanAdjustmentRow[], situation: string, now: Date): boolean {
    const quietFrom = now.getTime() - DECIDED_QUIET_DAYS * DAY_MS;
    return history.some(
      (row) =>
        row.situation === situation &&
        (row.status === 'accepted' || row.status === 'declined' || row.status === 'undone') &&
        (situation.includes(':') || (row.decidedAt?.getTime() ?? 0) >= quietFrom),
    );
  }

  /**
   * One plan's review. The proposals are computed from what is read first, then written under the
   * plan's lock (PGlite has one connection: nothing else may be read while a transaction holds
   * it): a proposal already pending for the same situation with the same changes stays (with the
   * latest numbers in its reason); one whose
   * situation changed, or went away, is superseded. When the athlete accepted or undid a change in
   * between, the proposals were made for a plan that no longer stands, and the review runs again.
   */
  async function reviewOne(accountId: string, planId: string, state: AthleteState, now: Date): Promise<void> {
    const acceptedKey = (rows: readonly PlanAdjustmentRow[]) => acceptedChanges(rows).map((change) => `${change.adjustmentId}:${change.date}`).join(',');
    for (let attempt = 0; attempt < REVIEW_ATTEMPTS; attempt++) {
      const row = await plans.find(accountId, planId);
      if (!row?.isActive || planOnDay(row, now).standing !== 'running') return;
      const read = await repo.ofPlan(accountId, planId);
      const proposals = await proposalsFor(accountId, { ...toView(row, now), sessionChanges: acceptedChanges(read) }, state, row.ftp, now);
      const written = await repo.withPlanLocked(accountId, planId, async (locked, tx) => {
        const history = await tx.ofPlan(accountId, planId);
        if (acceptedKey(history) !== acceptedKey(read) || locked.updatedAt.getTime() !== row.updatedAt.getTime()) return false;
        const pending = history.filter((entry) => entry.status === 'pending');
        const kept = new Set<string>();
        const toWord: WordingTask[] = [];
        for (const proposal of proposals) {
          if (decided(history, proposal.situation, now)) continue;
          const changes: StoredAdjustmentChange[] = proposal.changes;
          const same = pending.find((entry) => entry.situation === proposal.situation && changeKey(entry.changes) === changeKey(changes));
          if (same) {
            kept.add(same.id);
            // The same proposal stays, citing the numbers as they are now.
            if (same.reason !== proposal.reason) {
              await tx.refresh(accountId, same.id, { reason: proposal.reason, evidence: proposal.evidence });
              toWord.push({ id: same.id, trigger: proposal.trigger, reason: proposal.reason, provenance: provenanceOf(proposal, state) });
            }
            continue;
          }
          const { trigger, situation, reason, evidence } = proposal;
          const inserted = await tx.insert(accountId, planId, { trigger, situation, reason, evidence, changes }, now);
          toWord.push({ id: inserted.id, trigger, reason, provenance: provenanceOf(proposal, state) });
        }
        await tx.setStatus(
          accountId,
          pending.filter((entry) => !kept.has(entry.id)).map((entry) => entry.id),
          'superseded',
          now,
        );
        return toWord;
      });
      if (written === false) continue;
      if (written) await wordReasons(accountId, written);
      return;
    }
  }

  async function requirePlan(accountId: string, planId: string): Promise<TrainingPlanRow> {
    const plan = await plans.find(accountId, planId);
    if (!plan) throw new AppError('not_found', 'Training plan not found');
    return plan;
  }

  return {
    /** Reviews the next 7 days of every active plan of the account (the job after an activity or a check-in). */
    async review(accountId: string, now = new Date()): Promise<void> {
      const active = await plans.listActive(accountId);
      const running = active.filter((row) => planOnDay(row, now).standing === 'running');
      if (running.length === 0) return;
      const state = await athleteState(accountId, now);
      for (const row of running) await reviewOne(accountId, row.id, state, now);
    },

    /** The plan's pending proposals and its history, newest first. */
    async list(accountId: string, planId: string): Promise<PlanAdjustmentList> {
      await requirePlan(accountId, planId);
      const rows = (await repo.ofPlan(accountId, planId)).reverse().map(toAdjustmentView);
      return { pending: rows.filter((row) => row.status === 'pending'), history: rows.filter((row) => row.status !== 'pending') };
    },

    /** Home: every pending proposal of the account's plans, with the plan's title. */
    async pending(accountId: string): Promise<PendingAdjustments> {
      const rows = await repo.pendingOf(accountId);
      if (rows.length === 0) return { pending: [] };
      const titles = new Map<string, string>();
      for (const planId of new Set(rows.map((row) => row.planId))) {
        const plan = await plans.find(accountId, planId);
        if (plan) titles.set(planId, planTitle(plan));
      }
      return { pending: rows.filter((row) => titles.has(row.planId)).map((row) => ({ ...toAdjustmentView(row), planTitle: titles.get(row.planId)! })) };
    },

    /**
     * Accept (the changes are laid over the plan), decline, or undo (an accepted change comes off
     * again). A transition that is not allowed answers 409 and changes nothing.
     */
    async decide(accountId: string, planId: string, adjustmentId: string, action: AdjustmentAction, now = new Date()): Promise<PlanAdjustment> {
      const outcome = await repo.withPlanLocked(accountId, planId, async (row, tx) => {
        const history = await tx.ofPlan(accountId, planId);
        const adjustment = history.find((entry) => entry.id === adjustmentId);
        if (!adjustment) throw notFound();
        if (action === 'decline') {
          if (adjustment.status !== 'pending') throw conflict(ADJUSTMENT_CONFLICTS.notPending(adjustment.status));
          await tx.setStatus(accountId, [adjustment.id], 'declined', now);
          return { changed: false };
        }
        if (action === 'accept') {
          if (adjustment.status !== 'pending') throw conflict(ADJUSTMENT_CONFLICTS.notPending(adjustment.status));
          const today = isoDay(now.getTime());
          if (adjustment.changes.some((change) => change.date < today)) throw conflict(ADJUSTMENT_CONFLICTS.past);
          const days = new Map(planDays({ ...toView(row, now), sessionChanges: acceptedChanges(history) }).map((day) => [day.date, day.session]));
          const fits = adjustment.changes.every((change) => {
            const held = days.get(change.date);
            return held !== undefined && sameSession(held ? { scheduled: held.scheduled, durationMin: held.durationMin } : null, change.before);
          });
          if (!fits) throw conflict(ADJUSTMENT_CONFLICTS.stale);
          await tx.setStatus(accountId, [adjustment.id], 'accepted', now);
          // Other proposals for the same days were written against what the days held before.
          const touched = new Set(adjustment.changes.map((change) => change.date));
          const overlapping = history.filter((entry) => entry.status === 'pending' && entry.id !== adjustment.id && entry.changes.some((change) => touched.has(change.date)));
          await tx.setStatus(accountId, overlapping.map((entry) => entry.id), 'superseded', now);
          await tx.touchPlan(accountId, planId, now);
          return { changed: true };
        }
        if (adjustment.status !== 'accepted') throw conflict(ADJUSTMENT_CONFLICTS.notAccepted(adjustment.status));
        const touched = new Set(adjustment.changes.map((change) => change.date));
        const later = history
          .filter((entry) => entry.status === 'accepted' && entry.id !== adjustment.id && entry.decidedAt! >= adjustment.decidedAt!)
          .flatMap((entry) => entry.changes)
          .find((change) => touched.has(change.date));
        if (later) throw conflict(ADJUSTMENT_CONFLICTS.laterChange(formatCalendarDay(later.date)));
        await tx.setStatus(accountId, [adjustment.id], 'undone', now);
        await tx.touchPlan(accountId, planId, now);
        return { changed: true };
      });
      if (!outcome) throw new AppError('not_found', 'Training plan not found');
      if (outcome.changed) await plansChanged(accountId);
      const [updated] = (await repo.ofPlan(accountId, planId)).filter((entry) => entry.id === adjustmentId);
      return toAdjustmentView(updated!);
    },
  };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
