import type { EventCard, GoalCard } from '../../../shared/domain/profile-cards.ts';
import { guessActivityKind, type PlanDraft, prefillFromEvent, prefillFromGoal } from '../plans/index.ts';

/** The plan dialog's draft for an event card (spec §4); a kind the card states wins over the guess from its name. */
export function draftFromEvent(card: EventCard): PlanDraft {
  const draft = prefillFromEvent(card);
  return card.kind ? { ...draft, eventType: card.kind } : draft;
}

/** The plan dialog's draft for a goal card (spec §4); without a stated kind, the goal's words decide. */
export function draftFromGoal(card: GoalCard): PlanDraft {
  return prefillFromGoal({
    name: card.goal,
    kind: card.kind ?? guessActivityKind(card.goal),
    timeframe: card.timeframe,
    distance: card.distance,
    elevation: card.elevation,
  });
}
