import { useId, useState } from 'react';
import { useSearch } from 'wouter';
import type { AuthUser } from '../../../shared/api/auth.ts';
import { isCalendarDay } from '../../../shared/api/wellness.ts';
import { formatCalendarDay } from '../../../shared/format.ts';
import { SimplePage } from '../shell/index.ts';
import { Alert } from '../../ui/alert.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useUnitSystem } from '../settings/index.ts';
import { useWellnessDay } from './api/wellness.ts';
import { CheckInForm } from './check-in-form.tsx';
import { localDay } from './local-day.ts';
import { ReadinessCard } from './readiness-card.tsx';
import { WellnessImport } from './wellness-import.tsx';
import { WellnessTrends } from './wellness-trends.tsx';

/** /check-in (?date=YYYY-MM-DD for a past day): how the athlete feels today, or on a day before. */
export function CheckInScreen({ user }: { user: AuthUser }) {
  const today = localDay();
  const asked = new URLSearchParams(useSearch()).get('date');
  const [date, setDate] = useState(asked && isCalendarDay(asked) && asked <= today ? asked : today);
  const day = useWellnessDay(date);
  const [units] = useUnitSystem();
  const dateId = useId();

  return (
    <SimplePage
      user={user}
      title="How do you feel?"
      intro={`${date === today ? 'Today' : formatCalendarDay(date)}: tap what you know, leave the rest empty.`}
      actions={
          <div className="flex flex-col gap-1.5">
            <label htmlFor={dateId} className="text-sm font-medium text-fg">
              Day
            </label>
            <input
              id={dateId}
              type="date"
              value={date}
              max={today}
              onChange={(event) => {
                const chosen = event.target.value;
                if (isCalendarDay(chosen) && chosen <= today) setDate(chosen);
              }}
              className="h-11 rounded-lg border border-line-strong bg-canvas px-3 text-base text-fg scheme-dark sm:text-sm"
            />
          </div>
      }
    >
        <section className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
          {day.isPending ? (
            <div aria-label="Loading the check-in" className="flex flex-col gap-4">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          ) : day.isError ? (
            <Alert tone="error" action={{ label: 'Retry', onClick: () => void day.refetch() }}>
              <p>This day's check-in could not be loaded.</p>
            </Alert>
          ) : (
            <CheckInForm key={`${date} ${units}`} date={date} day={day.data.day} units={units} />
          )}
        </section>
        <ReadinessCard date={date} showCheckInLink={false} />
        <WellnessTrends today={today} units={units} />
        <WellnessImport />
    </SimplePage>
  );
}
