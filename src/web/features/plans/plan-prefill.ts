import type { TrainingPlanInput } from '../../../shared/api/training-plans.ts';
import { guessActivityKind } from './kind-guess.ts';

/** What the plan dialog opens with: a preparation type and any fields filled in. */
export type PlanDraft = Partial<TrainingPlanInput> & Pick<TrainingPlanInput, 'preparationType'>;

/** Spec §4: an event card opens the event tab with its name, date, distance, elevation and the guessed kind. */
export function prefillFromEvent(event: { name: string; date: string; distance: string; elevation?: string | null }): PlanDraft {
  return {
    preparationType: 'event',
    eventName: event.name,
    eventDate: event.date,
    eventDistance: event.distance,
    eventElevation: event.elevation ?? null,
    eventType: guessActivityKind(event.name),
  };
}

/** Spec §4: a goal card opens general fitness with its name, kind, timeframe and the distance and elevation as details. */
export function prefillFromGoal(goal: { name: string; kind: 'cycling' | 'running'; timeframe: string; distance?: string | null; elevation?: string | null }): PlanDraft {
  const details = [goal.distance ? `Distance: ${goal.distance}` : null, goal.elevation ? `Elevation: ${goal.elevation}` : null].filter(Boolean);
  return {
    preparationType: 'general-fitness',
    planName: goal.name,
    eventType: goal.kind,
    selectedActivities: JSON.stringify([goal.kind === 'running' ? 'Running' : 'Cycling']),
    planDuration: goal.timeframe,
    additionalDetails: details.length > 0 ? details.join('\n') : null,
  };
}
