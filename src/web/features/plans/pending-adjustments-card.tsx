import { ArrowDown, Check, Sparkles, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { shownReason, type PendingAdjustments } from '../../../shared/api/plan-adjustments.ts';
import { formatDay } from '../../../shared/format.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Button } from '../../ui/button.tsx';
import { buttonClasses } from '../../ui/button-classes.ts';
import { useDecideAdjustment, usePendingAdjustments } from './api/plan-adjustments.ts';
import { ChangeList } from './plan-adjustments.tsx';

type Proposal = PendingAdjustments['pending'][number];

const CARD_TITLE_ID = 'pending-adjustments-title';

/**
 * On a phone Home's cards follow the activity (issue 26): this line at the top says a proposal
 * waits and takes the athlete, and the keyboard's focus, to the card. Nothing when none waits.
 */
export function PendingAdjustmentsShortcut() {
  const pending = usePendingAdjustments();
  const count = pending.data?.pending.length ?? 0;
  if (count === 0) return null;
  return (
    <button
      type="button"
      onClick={() => document.getElementById(CARD_TITLE_ID)?.focus()}
      className="inline-flex h-8 items-center gap-1.5 rounded-md border border-accent/40 bg-accent/5 px-3 text-sm font-semibold text-accent hover:bg-accent/10"
    >
      <Sparkles aria-hidden className="size-4" />
      Kai suggests {count === 1 ? 'a change' : `${count} changes`}
      <ArrowDown aria-hidden className="size-4" />
    </button>
  );
}

/** What the athlete did with a proposal on this card; it stays in the card's place until they leave Home. */
type Outcome = 'accepted' | 'declined' | 'undone';

interface Answered {
  proposal: Proposal;
  outcome: Outcome;
}

const planLink = (proposal: Proposal) => `/training-plan/view?id=${encodeURIComponent(proposal.planId)}#adjustments`;
const firstDay = (proposal: Proposal) => formatDay(proposal.changes[0]?.date ?? proposal.createdAt);

/**
 * Home: Kai's pending proposals for the athlete's plans (ADR 0050), each with its reason, its
 * changes and the plan view's own answers (Accept, Decline) plus a link to the plan. An accepted
 * proposal stays on the card with Undo, so a tap by mistake is one tap away from being taken back.
 * Nothing when no proposal is pending and none was answered here.
 */
export function PendingAdjustmentsCard() {
  const pending = usePendingAdjustments();
  const [answered, setAnswered] = useState<Answered[]>([]);
  const entries = pending.data?.pending ?? [];
  const answer = (proposal: Proposal, outcome: Outcome) =>
    setAnswered((current) => [...current.filter((item) => item.proposal.id !== proposal.id), { proposal, outcome }]);

  const answeredIds = new Set(answered.map((item) => item.proposal.id));
  const waiting = entries.filter((entry) => !answeredIds.has(entry.id));
  if (waiting.length === 0 && answered.length === 0) return null;
  return (
    <section aria-labelledby={CARD_TITLE_ID} className="flex flex-col gap-3 rounded-2xl border border-accent/40 bg-accent/5 p-5" data-testid="home-pending-adjustments">
      <div className="flex items-center gap-2">
        <Sparkles aria-hidden className="size-5 text-accent" />
        <h2 id={CARD_TITLE_ID} tabIndex={-1} className="rounded text-base font-semibold text-fg">
          {waiting.length === 0
            ? 'Your answer to Kai'
            : `Kai suggests ${waiting.length === 1 ? 'a change' : `${waiting.length} changes`} to your plan`}
        </h2>
      </div>
      <ul className="flex flex-col gap-4">
        {answered.map((item) => (
          <AnsweredProposal key={item.proposal.id} answered={item} onUndone={() => answer(item.proposal, 'undone')} />
        ))}
        {waiting.map((entry) => (
          <PendingProposal key={entry.id} proposal={entry} onAnswered={(outcome) => answer(entry, outcome)} />
        ))}
      </ul>
    </section>
  );
}

function PendingProposal({ proposal, onAnswered }: { proposal: Proposal; onAnswered: (outcome: 'accepted' | 'declined') => void }) {
  const decide = useDecideAdjustment(proposal.planId);
  const titleId = `home-proposal-${proposal.id}`;
  const decideAs = (action: 'accept' | 'decline') =>
    decide.mutate({ id: proposal.id, action }, { onSuccess: () => onAnswered(action === 'accept' ? 'accepted' : 'declined') });
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="min-w-0">
        <p id={titleId} className="text-sm font-medium text-fg">
          {proposal.planTitle} · from {firstDay(proposal)}
        </p>
        <p className="text-sm text-fg-muted">{shownReason(proposal)}</p>
      </div>
      <ChangeList adjustment={proposal} />
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => decideAs('accept')}>
          Accept<span className="sr-only"> the change to {proposal.planTitle}</span>
        </Button>
        <Button size="sm" variant="secondary" disabled={decide.isPending} onClick={() => decideAs('decline')}>
          Decline<span className="sr-only"> the change to {proposal.planTitle}</span>
        </Button>
        <Link href={planLink(proposal)} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          Review in plan<span className="sr-only"> {proposal.planTitle}</span>
        </Link>
      </div>
      {decide.isError && (
        <p role="alert" className="text-sm text-danger">
          {userFacingMessage(decide.error, 'Your answer could not be saved. Try again.')}
        </p>
      )}
    </li>
  );
}

const OUTCOME_TEXT: Record<Outcome, (proposal: Proposal) => string> = {
  accepted: (proposal) => `Accepted: ${proposal.planTitle} changes from ${firstDay(proposal)}.`,
  declined: (proposal) => `Declined: ${proposal.planTitle} stays as it was.`,
  undone: (proposal) => `Undone: ${proposal.planTitle} is back as it was.`,
};

/**
 * A proposal answered on this card. Its buttons are gone, so focus moves to what happened (read out
 * as it is focused); an accepted change offers Undo, with the plan view's own rules (a 409 says why not).
 */
function AnsweredProposal({ answered, onUndone }: { answered: Answered; onUndone: () => void }) {
  const { proposal, outcome } = answered;
  const undo = useDecideAdjustment(proposal.planId);
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    message.current?.focus();
  }, [outcome]);
  return (
    <li className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <p ref={message} tabIndex={-1} className="flex min-w-0 flex-1 items-center gap-2 rounded text-sm font-medium text-fg">
          {outcome === 'accepted' ? <Check aria-hidden className="size-4 shrink-0 text-accent" /> : <Undo2 aria-hidden className="size-4 shrink-0 text-fg-muted" />}
          {OUTCOME_TEXT[outcome](proposal)}
        </p>
        {outcome === 'accepted' && (
          <Button size="sm" variant="secondary" disabled={undo.isPending} onClick={() => undo.mutate({ id: proposal.id, action: 'undo' }, { onSuccess: onUndone })}>
            Undo<span className="sr-only"> the change to {proposal.planTitle}</span>
          </Button>
        )}
        <Link href={planLink(proposal)} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          View plan<span className="sr-only"> {proposal.planTitle}</span>
        </Link>
      </div>
      {undo.isError && (
        <p role="alert" className="text-sm text-danger">
          {userFacingMessage(undo.error, 'The change could not be undone. Try again.')}
        </p>
      )}
    </li>
  );
}
