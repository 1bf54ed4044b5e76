import type { ComplianceDayView, PlanComplianceView } from '../../../shared/api/plan-compliance.ts';
import { formatShortCalendarDay } from '../../../shared/format.ts';
import { ComplianceDayCell } from './compliance-day-cell.tsx';
import { ComplianceRatio } from './compliance-ratio.tsx';
import { ComplianceWeekBars } from './compliance-week-bars.tsx';
import { addCalendarDays } from '../../../shared/time.ts';


/**
 * One calendar week: seven day cells (a list of days on a phone) and the week's planned vs done.
 * Days outside the plan stay empty, so Monday is always the first column.
 */
interface ComplianceWeekRowProps {
  week: PlanComplianceView['weeks'][number];
  days: ReadonlyMap<string, ComplianceDayView>;
  today: string;
  /** The plan's id when the athlete may edit its days (an active plan); null otherwise. */
  editPlanId: string | null;
  /** The event day: its race is not edited. */
  raceDate: string | null;
}

export function ComplianceWeekRow({ week, days, today, editPlanId, raceDate }: ComplianceWeekRowProps) {
  const dates = Array.from({ length: 7 }, (_, index) => addCalendarDays(week.startDate, index));
  const { sessions } = week;
  return (
    <section aria-label={`Week of ${formatShortCalendarDay(week.startDate)}`} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface/50 p-3">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <h3 className="font-semibold text-fg">
          {formatShortCalendarDay(week.startDate)} – {formatShortCalendarDay(week.endDate)}
        </h3>
        <p className="text-fg-muted">
          <ComplianceRatio totals={week} />
          {sessions.due > 0 && (
            <span className="text-fg-subtle">
              {' '}
              · {sessions.completed} of {sessions.due} done{sessions.missed > 0 && `, ${sessions.missed} missed`}
            </span>
          )}
        </p>
      </header>
      <ol className="grid grid-cols-1 gap-2 md:grid-cols-7">
        {dates.map((date) => {
          const day = days.get(date);
          return day ? <ComplianceDayCell key={date} day={day} isToday={date === today} editPlanId={editPlanId && date >= today && date !== raceDate ? editPlanId : null} /> : <li key={date} aria-hidden className="hidden md:block" />;
        })}
      </ol>
      <ComplianceWeekBars week={week} />
    </section>
  );
}
