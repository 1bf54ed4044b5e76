import type { GoalCard as Goal } from '../../../shared/domain/profile-cards.ts';
import { AnalysisText } from '../analysis/index.ts';
import { GoalCard } from './goal-card.tsx';
import { ProfileSection } from './profile-section.tsx';
import { GOALS_SECTION } from './profile-sections.ts';

interface GoalsSectionProps {
  goals: Goal[];
  /** The section's text, shown as written when no goal card could be read from it. */
  text: string;
  createBlocked: boolean;
  onCreatePlan: (goal: Goal) => void;
}

/** 'Fitness goals that suits you' (spec §2): goal cards, each a way into a general-fitness plan. */
export function GoalsSection({ goals, text, createBlocked, onCreatePlan }: GoalsSectionProps) {
  if (goals.length === 0 && text.trim() === '') return null;
  return (
    <ProfileSection {...GOALS_SECTION}>
      {goals.length === 0 ? (
        <AnalysisText text={text} className="text-fg-muted" />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {goals.map((goal) => (
            <GoalCard key={goal.goal} goal={goal} createBlocked={createBlocked} onCreatePlan={onCreatePlan} />
          ))}
        </div>
      )}
    </ProfileSection>
  );
}
