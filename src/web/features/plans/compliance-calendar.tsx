import { useState } from 'react';
import type { PlanComplianceView } from '../../../shared/api/plan-compliance.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { usePlanCompliance } from './api/plan-compliance.ts';
import { BAND_CLASSES, BAND_LABELS } from './compliance-labels.ts';
import { ComplianceWeekRow } from './compliance-week-row.tsx';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** Weeks shown at first after the current one; the rest of the plan on request. */
const WEEKS_AHEAD = 1;

function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted" aria-label="Colours">
      {(['green', 'amber', 'orange', 'red'] as const).map((band) => (
        <li key={band} className="inline-flex items-center gap-1.5">
          <span aria-hidden className={`size-2.5 rounded-full ${BAND_CLASSES[band].fill}`} />
          {BAND_LABELS[band]}
        </li>
      ))}
    </ul>
  );
}

function Weeks({ compliance, editPlanId, raceDate }: { compliance: PlanComplianceView; editPlanId: string | null; raceDate: string | null }) {
  const [showAll, setShowAll] = useState(false);
  const days = new Map(compliance.days.map((day) => [day.date, day]));
  const current = compliance.weeks.findIndex((week) => week.endDate >= compliance.today);
  const shownCount = showAll || current < 0 ? compliance.weeks.length : Math.min(compliance.weeks.length, current + 1 + WEEKS_AHEAD);
  const hidden = compliance.weeks.length - shownCount;
  return (
    <div className="flex flex-col gap-3">
      <Legend />
      <div aria-hidden className="hidden grid-cols-7 gap-2 px-3 text-xs font-semibold tracking-wider text-fg-subtle uppercase md:grid">
        {WEEKDAYS.map((name) => (
          <span key={name}>{name}</span>
        ))}
      </div>
      {compliance.weeks.slice(0, shownCount).map((week) => (
        <ComplianceWeekRow key={week.startDate} week={week} days={days} today={compliance.today} editPlanId={editPlanId} raceDate={raceDate} />
      ))}
      {hidden > 0 && (
        <Button variant="secondary" size="sm" className="self-start" onClick={() => setShowAll(true)}>
          Show the remaining {hidden} weeks
        </Button>
      )}
    </div>
  );
}

/**
 * Planned vs done: the plan's calendar, each session against what was done (ADR 0035); an active
 * plan's days ahead are edited here (issue 30), all but the event day (`raceDate`), whose race stays.
 */
export function ComplianceCalendar({ planId, editable, raceDate }: { planId: string; editable: boolean; raceDate: string | null }) {
  const compliance = usePlanCompliance(planId);
  if (compliance.isPending) return <Skeleton className="h-64 rounded-2xl" />;
  if (compliance.isError) {
    return (
      <Alert tone="error" action={{ label: 'Retry', onClick: () => void compliance.refetch() }}>
        Planned vs done could not be loaded.
      </Alert>
    );
  }
  return <Weeks compliance={compliance.data} editPlanId={editable ? planId : null} raceDate={raceDate} />;
}
