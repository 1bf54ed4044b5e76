import { CalendarDays, ExternalLink, MapPin, Mountain } from 'lucide-react';
import type { EventCard as Event } from '../../../shared/domain/profile-cards.ts';
import { Badge } from '../../ui/badge.tsx';
import { buttonClasses } from '../../ui/button-classes.ts';
import { CreatePlanButton } from './create-plan-button.tsx';
import { eventDay } from './profile-words.ts';

interface EventCardProps {
  event: Event;
  createBlocked: boolean;
  onCreatePlan: (event: Event) => void;
}

/** One of 'Events That Fit Your Profile' (spec §2): name, date and place, distance and climbing, why it fits. */
export function EventCard({ event, createBlocked, onCreatePlan }: EventCardProps) {
  return (
    <article aria-label={event.name} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold tracking-tight break-words text-fg">{event.name}</h3>
        {event.kind && <Badge variant="secondary">{event.kind === 'cycling' ? 'Cycling' : 'Running'}</Badge>}
      </header>
      <dl className="flex flex-col gap-1.5 text-sm text-fg-muted">
        <div className="flex items-center gap-2">
          <dt>
            <CalendarDays aria-hidden className="size-4" />
              <span className="sr-only">Date</span>
          </dt>
          <dd>{eventDay(event.date)}</dd>
        </div>
        {event.location && (
          <div className="flex items-center gap-2">
            <dt>
              <MapPin aria-hidden className="size-4" />
              <span className="sr-only">Location</span>
            </dt>
            <dd className="min-w-0 break-words">{event.location}</dd>
          </div>
        )}
        <div className="flex items-center gap-2">
          <dt>
            <Mountain aria-hidden className="size-4" />
              <span className="sr-only">Distance and elevation</span>
          </dt>
          <dd>{event.distanceElevation}</dd>
        </div>
      </dl>
      <p className="flex-1 text-sm leading-relaxed break-words text-fg-muted">
        <span className="font-medium text-fg">Why it fits: </span>
        {event.why}
      </p>
      <footer className="flex flex-wrap items-center justify-end gap-2 border-t border-line pt-3">
        {event.link && (
          <a href={event.link} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            Register
            <ExternalLink aria-hidden className="size-4" />
          </a>
        )}
        <CreatePlanButton blocked={createBlocked} onClick={() => onCreatePlan(event)} />
      </footer>
    </article>
  );
}
