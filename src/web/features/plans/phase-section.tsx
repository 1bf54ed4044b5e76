import type { GeneratedPhase, RaceWeek, ScheduledDay, TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { formatDurationWords } from '../../../shared/format.ts';
import { Badge } from '../../ui/badge.tsx';
import { formatDay } from './plan-labels.ts';

interface PhaseSectionProps {
  phase: GeneratedPhase;
  /** The phase's computed dates. */
  dates: TrainingPlanView['phases'][number] | undefined;
  isCurrent: boolean;
}

/** One phase of the plan view: what it is for, and its week Monday to Sunday (or the fallback list). */
export function PhaseSection({ phase, dates, isCurrent }: PhaseSectionProps) {
  return (
    <article aria-label={`${phase.name} phase`} className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold tracking-tight text-fg">{phase.name}</h3>
        <Badge variant="outline">{phase.duration}</Badge>
        {isCurrent && <Badge>Current</Badge>}
      </header>
      {dates && (
        <p className="mt-1 text-sm text-fg-subtle">
          {formatDay(dates.startDate)} - {formatDay(dates.endDate)}
        </p>
      )}
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-fg">Objective</dt>
          <dd className="mt-0.5 text-fg-muted">{phase.objective}</dd>
        </div>
        <div>
          <dt className="font-semibold text-fg">Weekly focus</dt>
          <dd className="mt-0.5 text-fg-muted">{phase.weeklyFocus}</dd>
        </div>
      </dl>
      {phase.dailySchedule && phase.dailySchedule.length > 0 ? (
        <div className="mt-5">
          <h4 className="text-sm font-semibold text-fg">Weekly template</h4>
          <WeekDays days={phase.dailySchedule} />
        </div>
      ) : (
        phase.keyWorkouts && (
          <ul className="mt-5 flex flex-col gap-3">
            {phase.keyWorkouts.map((item) => (
              <li key={item.name} className="rounded-xl border border-line p-4 text-sm">
                <p className="font-semibold text-fg">
                  {item.name} <span className="font-normal text-fg-subtle">- {item.frequency}</span>
                </p>
                <p className="mt-1 text-fg-muted">{item.description}</p>
                <p className="mt-1 text-xs text-fg-subtle">Progression: {item.progression}</p>
              </li>
            ))}
          </ul>
        )
      )}
    </article>
  );
}

/** A session's time in words from its minutes, so a plan stored with '1:30' reads '1 h 30 min' too; 'Rest', 'Race' as written. */
const sessionTime = (day: ScheduledDay) => (day.durationMin > 0 ? formatDurationWords(day.durationMin * 60) : day.duration);

/** A week Monday to Sunday: each day's session, what it is for, its zones and its time. */
function WeekDays({ days }: { days: ScheduledDay[] }) {
  return (
    <ol className="mt-2 divide-y divide-line rounded-xl border border-line">
      {days.map((day) => (
        <li key={day.dayOfWeek} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[7rem_1fr_auto] sm:gap-4">
          <span className="font-semibold text-fg">{day.dayOfWeek}</span>
          <div className="min-w-0">
            <p className="text-fg">{day.activityType}</p>
            <p className="text-fg-muted">{day.description}</p>
            {day.activityType !== 'Rest' && <p className="text-xs text-fg-subtle">Zones: {day.zones}</p>}
            <p className="text-xs text-fg-subtle">{day.notes}</p>
          </div>
          <span className="text-fg-muted tabular-nums sm:text-right">{sessionTime(day)}</span>
        </li>
      ))}
    </ol>
  );
}

/** The plan's last week, day by day, ending with the event or PR attempt (ADR 0029). */
export function RaceWeekSection({ week }: { week: RaceWeek }) {
  return (
    <article aria-label="Race week" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold tracking-tight text-fg">Race week</h3>
        <Badge variant="outline">{formatDay(week.date)}</Badge>
      </header>
      <p className="mt-1 text-sm text-fg-subtle">
        {formatDay(week.startDate)} - {formatDay(week.date)}
      </p>
      <WeekDays days={week.dailySchedule} />
    </article>
  );
}
