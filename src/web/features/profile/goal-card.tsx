import { Clock, Target } from 'lucide-react';
import type { GoalCard as Goal } from '../../../shared/domain/profile-cards.ts';
import { CreatePlanButton } from './create-plan-button.tsx';

interface GoalCardProps {
  goal: Goal;
  createBlocked: boolean;
  onCreatePlan: (goal: Goal) => void;
}

/** One of 'Fitness goals that suits you' (spec §2): the goal, why it suits the athlete, the timeframe. */
export function GoalCard({ goal, createBlocked, onCreatePlan }: GoalCardProps) {
  const measures = [goal.distance, goal.elevation].filter((value) => value !== null).join(' · ');
  return (
    <article aria-label={goal.goal} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5">
      <header className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent/10 text-accent">
          <Target aria-hidden className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 className="font-semibold tracking-tight break-words text-fg">{goal.goal}</h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
            <span className="inline-flex items-center gap-1.5">
              <Clock aria-hidden className="size-4" />
              {goal.timeframe}
            </span>
            {measures && <span>{measures}</span>}
          </p>
        </div>
      </header>
      <p className="flex-1 text-sm leading-relaxed break-words text-fg-muted">
        <span className="font-medium text-fg">Why this suits you: </span>
        {goal.why}
      </p>
      <footer className="flex justify-end border-t border-line pt-3">
        <CreatePlanButton blocked={createBlocked} onClick={() => onCreatePlan(goal)} />
      </footer>
    </article>
  );
}
