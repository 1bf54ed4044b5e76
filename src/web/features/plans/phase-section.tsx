import { DAYS_OF_WEEK, type GeneratedPhase, type RaceWeek, type ScheduledDay, type TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { formatDurationWords } from '../../../shared/format.ts';
import { DAY_MS } from '../../../shared/time.ts';
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
          <p className="mt-0.5 text-xs text-fg-subtle">{templateNote(phase)}</p>
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

/**
 * What the template's times are (ADR 0069): the phase's fullest week, which its other weeks scale
 * down from, so a shorter week is not read as these times.
 */
function templateNote(phase: GeneratedPhase): string {
  const total = (phase.dailySchedule ?? []).reduce((sum, day) => sum + day.durationMin, 0);
  const lighter = (phase.weeks ?? []).some((week) => week.targetMin < total);
  const times = `The times shown are the phase's fullest week, ${formatDurationWords(total * 60)}`;
  return lighter ? `${times}; its other weeks scale each session to their own time (listed under Weekly focus).` : `${times}.`;
}

/** A session's time in words from its minutes, so a plan stored with '1:30' reads '1 h 30 min' too; 'Rest', 'Race' as written. */
const sessionTime = (day: ScheduledDay) => (day.durationMin > 0 ? formatDurationWords(day.durationMin * 60) : day.duration);

/** A week's days in order: each day's session, what it is for, its zones and its time; with its date when it has one. */
function WeekDays({ days, dates }: { days: ScheduledDay[]; dates?: string[] }) {
  return (
    <ol className="mt-2 divide-y divide-line rounded-xl border border-line">
      {days.map((day, index) => (
        <li key={day.dayOfWeek} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[7rem_1fr_auto] sm:gap-4">
          <span className="font-semibold text-fg">
            {day.dayOfWeek}
            {dates?.[index] && <span className="block font-normal text-fg-subtle">{formatDay(dates[index])}</span>}
          </span>
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

const isoDayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The race week's days in date order with their dates, the event last (ADR 0069): plans stored
 * before it list Monday to Sunday, so each day is placed by its weekday from the week's first day.
 */
function raceWeekDays(week: RaceWeek): { day: ScheduledDay; date: string }[] {
  const start = Date.parse(`${week.startDate}T00:00:00Z`);
  const startIndex = (new Date(start).getUTCDay() + 6) % 7;
  return week.dailySchedule
    .map((day) => {
      const offset = (DAYS_OF_WEEK.indexOf(day.dayOfWeek) - startIndex + 7) % 7;
      return { day, date: isoDayAt(start + offset * DAY_MS) };
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The plan's last week, day by day in date order, ending with the event or PR attempt (ADR 0029, 0069). */
export function RaceWeekSection({ week }: { week: RaceWeek }) {
  const days = raceWeekDays(week);
  return (
    <article aria-label="Race week" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold tracking-tight text-fg">Race week</h3>
        <Badge variant="outline">{formatDay(week.date)}</Badge>
      </header>
      <p className="mt-1 text-sm text-fg-subtle">
        {formatDay(week.startDate)} - {formatDay(week.date)}
      </p>
      <WeekDays days={days.map((entry) => entry.day)} dates={days.map((entry) => entry.date)} />
    </article>
  );
}
