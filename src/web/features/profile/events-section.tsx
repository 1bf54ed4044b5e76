import type { EventSource } from '../../../shared/api/athletic-profile.ts';
import type { EventCard as Event } from '../../../shared/domain/profile-cards.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { EventCard } from './event-card.tsx';
import { ProfileSection } from './profile-section.tsx';
import { EVENTS_SECTION } from './profile-sections.ts';

interface EventsSectionProps {
  events: Event[];
  source: EventSource | null;
  loading: boolean;
  createBlocked: boolean;
  onCreatePlan: (event: Event) => void;
}

/** 'Events That Fit Your Profile' (spec §2), with its loading state (spec §4, §8 texts). */
export function EventsSection({ events, source, loading, createBlocked, onCreatePlan }: EventsSectionProps) {
  return (
    <ProfileSection {...EVENTS_SECTION}>
      {loading ? (
        <p role="status" className="flex items-center gap-3 rounded-2xl border border-dashed border-line-strong p-5 text-sm text-fg-muted">
          <Spinner className="size-5" />
          Looking for events in your area...
        </p>
      ) : events.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line-strong p-5 text-sm text-fg-muted">No events to suggest right now.</p>
      ) : (
        <>
          {source === 'catalogue' && (
            <p className="mb-4 text-sm text-fg-muted">
              These are event formats from Kairo&apos;s built-in catalogue, not specific registrations: check your local calendar for an edition near you.
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            {events.map((event) => (
              <EventCard key={`${event.name}-${event.date}`} event={event} createBlocked={createBlocked} onCreatePlan={onCreatePlan} />
            ))}
          </div>
        </>
      )}
    </ProfileSection>
  );
}
