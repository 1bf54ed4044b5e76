import clsx from 'clsx';
import { ArrowRight, Sparkles } from 'lucide-react';
import { shownReason, type PlanAdjustment } from '../../../shared/api/plan-adjustments.ts';
import { formatDay } from '../../../shared/format.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { STATUS_LABELS, TRIGGER_LABELS, sessionText } from './adjustment-labels.ts';
import { useDecideAdjustment, usePlanAdjustments } from './api/plan-adjustments.ts';

/** Each change of a proposal: the day, what it held and what it becomes (the plan view and Home's card). */
export function ChangeList({ adjustment }: { adjustment: PlanAdjustment }) {
  return (
    <ul className="flex flex-col gap-1.5" aria-label="Changes">
      {adjustment.changes.map((change) => (
        <li key={change.date} className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-canvas/60 px-3 py-2 text-sm">
          <span className="min-w-28 shrink-0 font-medium text-fg">{formatDay(change.date)}</span>
          <span className="text-fg-muted">{sessionText(change.before)}</span>
          <ArrowRight aria-hidden className="size-4 shrink-0 text-fg-subtle" />
          <span className="sr-only">becomes</span>
          <span className="font-medium text-fg">{sessionText(change.after)}</span>
        </li>
      ))}
    </ul>
  );
}

function PendingProposal({ adjustment }: { adjustment: PlanAdjustment }) {
  const decide = useDecideAdjustment(adjustment.planId);
  const headingId = `proposal-${adjustment.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border border-accent/40 bg-accent/5 p-5" data-testid="pending-adjustment">
      <header className="flex flex-wrap items-center gap-2">
        <Sparkles aria-hidden className="size-4 text-accent" />
        <h3 id={headingId} className="font-semibold text-fg">
          Kai suggests
        </h3>
        <Badge variant="outline">{TRIGGER_LABELS[adjustment.trigger]}</Badge>
      </header>
      <p className="text-sm leading-relaxed text-fg">{shownReason(adjustment)}</p>
      <ChangeList adjustment={adjustment} />
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate({ id: adjustment.id, action: 'accept' })}>
          Accept
        </Button>
        <Button size="sm" variant="secondary" disabled={decide.isPending} onClick={() => decide.mutate({ id: adjustment.id, action: 'decline' })}>
          Decline
        </Button>
      </div>
      {decide.isError && (
        <p role="alert" className="text-sm text-danger">
          {userFacingMessage(decide.error, 'Your answer could not be saved. Try again.')}
        </p>
      )}
    </article>
  );
}

function HistoryEntry({ adjustment }: { adjustment: PlanAdjustment }) {
  const decide = useDecideAdjustment(adjustment.planId);
  const when = adjustment.undoneAt ?? adjustment.decidedAt ?? adjustment.createdAt;
  return (
    <li className="flex flex-col gap-2.5 rounded-2xl border border-line bg-surface p-4" data-testid="adjustment-history-entry">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={adjustment.status === 'accepted' ? 'default' : 'secondary'}>{STATUS_LABELS[adjustment.status]}</Badge>
          {adjustment.trigger === 'athlete-edit' && <Badge variant="outline">{TRIGGER_LABELS[adjustment.trigger]}</Badge>}
          <span className="text-xs text-fg-subtle">{formatDay(when)}</span>
        </div>
        {adjustment.status === 'accepted' && (
          <Button size="sm" variant="secondary" disabled={decide.isPending} onClick={() => decide.mutate({ id: adjustment.id, action: 'undo' })}>
            Undo
          </Button>
        )}
      </div>
      <p className={clsx('text-sm leading-relaxed', adjustment.status === 'accepted' ? 'text-fg' : 'text-fg-muted')}>{shownReason(adjustment)}</p>
      <ChangeList adjustment={adjustment} />
      {decide.isError && (
        <p role="alert" className="text-sm text-danger">
          {userFacingMessage(decide.error, 'The change could not be undone. Try again.')}
        </p>
      )}
    </li>
  );
}

/**
 * ADR 0050 on the plan view: Kai's pending proposals, each with its reason and changes and the
 * athlete's Accept / Decline, then the plan's history of changes with their reasons and Undo.
 */
export function PlanAdjustments({ planId }: { planId: string }) {
  const adjustments = usePlanAdjustments(planId);
  if (adjustments.isPending) return <Skeleton className="h-24 rounded-2xl" />;
  if (adjustments.isError) {
    return (
      <p role="alert" className="rounded-2xl border border-line bg-surface p-5 text-sm text-fg-muted">
        Kai's suggestions could not be loaded.
      </p>
    );
  }
  const { pending, history } = adjustments.data;
  return (
    <div className="flex flex-col gap-4">
      {pending.length === 0 ? (
        <p className="text-sm text-fg-muted">
          No suggestions right now. After each activity and check-in Kai reviews the next 7 days and proposes changes here; nothing changes until you accept.
        </p>
      ) : (
        pending.map((adjustment) => <PendingProposal key={adjustment.id} adjustment={adjustment} />)
      )}
      {history.length > 0 && (
        <section aria-labelledby="adjustment-history-heading" className="flex flex-col gap-2">
          <h3 id="adjustment-history-heading" className="text-sm font-semibold text-fg">
            Changes and their reasons
          </h3>
          <ul className="flex flex-col gap-2">
            {history.map((adjustment) => (
              <HistoryEntry key={adjustment.id} adjustment={adjustment} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
