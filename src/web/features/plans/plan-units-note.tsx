import type { GeneratedPlan } from '../../../shared/api/training-plans.ts';
import { useUnitSystem } from '../settings/index.ts';

const UNIT_WORDS = { metric: 'kilometres and metres', imperial: 'miles and feet' } as const;

/**
 * A plan's text is written once, in the units of the day it was made (plans from before units were
 * recorded are metric). When the athlete has switched since, the plan says so and how to have it
 * written in the new units, rather than mixing units on one screen without a word.
 */
export function PlanUnitsNote({ plan }: { plan: GeneratedPlan }) {
  const [units] = useUnitSystem();
  const writtenIn = plan.units ?? 'metric';
  if (writtenIn === units) return null;
  return (
    <p role="note" className="rounded-xl border border-line bg-surface-raised px-4 py-3 text-sm text-fg-muted">
      This plan was written in {UNIT_WORDS[writtenIn]}. Edit and save it under Your plans to have it written in {UNIT_WORDS[units]}; it is then made again from
      today.
    </p>
  );
}
