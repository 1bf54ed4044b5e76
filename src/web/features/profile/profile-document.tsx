import { useMemo } from 'react';
import type { AthleticProfile } from '../../../shared/api/athletic-profile.ts';
import { parseEventCards, parseGoalCards, type EventCard, type GoalCard } from '../../../shared/domain/profile-cards.ts';
import { AnalysisText } from '../analysis/index.ts';
import { EventsSection } from './events-section.tsx';
import { GoalsSection } from './goals-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { PROSE_SECTIONS, SIGNATURE_EDGE_SECTION } from './profile-sections.ts';

interface ProfileDocumentProps {
  profile: AthleticProfile;
  eventsLoading: boolean;
  createBlocked: boolean;
  onCreateFromGoal: (goal: GoalCard) => void;
  onCreateFromEvent: (event: EventCard) => void;
}

/** The athletic profile's sections (spec §2 Profile); Kai's text is rendered as text, never as markup. */
export function ProfileDocument({ profile, eventsLoading, createBlocked, onCreateFromGoal, onCreateFromEvent }: ProfileDocumentProps) {
  const goals = useMemo(() => parseGoalCards(profile.opportunitiesAhead), [profile.opportunitiesAhead]);
  const events = useMemo(() => parseEventCards(profile.recommendedEvents), [profile.recommendedEvents]);
  return (
    <div className="flex flex-col gap-10">
      <ProfileSection {...SIGNATURE_EDGE_SECTION} className="rounded-2xl border border-accent/40 bg-accent/5 p-5 sm:p-6">
        <AnalysisText text={profile[SIGNATURE_EDGE_SECTION.field]} className="text-base" />
      </ProfileSection>
      <div className="grid gap-10 lg:grid-cols-2 lg:gap-x-8">
        {PROSE_SECTIONS.map(({ field, ...section }, index) => (
          <ProfileSection key={section.id} {...section} className={index < 2 ? 'lg:col-span-2' : undefined}>
            <AnalysisText text={profile[field]} className="text-fg-muted" />
          </ProfileSection>
        ))}
      </div>
      <GoalsSection goals={goals} text={profile.opportunitiesAhead} createBlocked={createBlocked} onCreatePlan={onCreateFromGoal} />
      <EventsSection events={events} source={profile.eventsSource} loading={eventsLoading} createBlocked={createBlocked} onCreatePlan={onCreateFromEvent} />
    </div>
  );
}
