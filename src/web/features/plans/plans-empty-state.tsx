import { Plus, Sparkles } from 'lucide-react';
import { Button } from '../../ui/button.tsx';

/** Spec §2: no plans yet. */
export function PlansEmptyState({ isPro, onCreate }: { isPro: boolean; onCreate: () => void }) {
  return (
    <section className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-2xl bg-accent/10 text-accent">
        <Sparkles aria-hidden className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold tracking-tight text-fg">Create Your First Training Plan</h2>
      <p className="mt-1.5 max-w-sm text-sm text-fg-muted">
        Kai reads your recent activities and builds a plan for an event, a personal record or general fitness.
      </p>
      <Button className="mt-6" onClick={onCreate}>
        <Plus aria-hidden className="size-4" />
        Create Your First Training Plan
      </Button>
      <p className="mt-3 text-xs text-fg-subtle">{isPro ? 'Pro accounts can create unlimited training plans' : 'Free accounts can create 1 training plan'}</p>
    </section>
  );
}
