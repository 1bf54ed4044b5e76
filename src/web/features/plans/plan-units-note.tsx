import type { GeneratedPlan } from '../../../shared/api/training-plans.ts';
import { useUnitSystem } from '../settings/index.ts';

const UNIT_WORDS = { metric: 'kilometres and metres', imperial: 'miles and feet' } as const;

/**
 * A plan made since ADR 0073 is read in the athlete's units of today: the server renders its
 * measures, so it needs no note. A plan made before was written once, in the units of its day
 * (metric before units were recorded); when the athlete has switched since, it says so and how to
 * have it written in the new units, rather than mixing units on one screen without a word.
 */
export function PlanUnitsNote({ plan }: { plan: GeneratedPlan }) {
  const [units] = useUnitSystem();
  if (plan.unitTokens) return null;
  const writtenIn = plan.units ?? 'metric';
  if (writtenIn === units) return null;
  return (
    <p role="note" className="rounded-xl border border-line bg-surface-raised px-4 py-3 text-sm text-fg-muted">
      This plan was written in {UNIT_WORDS[writtenIn]}. Edit and save it under Your plans to have it written in {UNIT_WORDS[units]}; it is then made again from
      today.
    </p>
  );
}
