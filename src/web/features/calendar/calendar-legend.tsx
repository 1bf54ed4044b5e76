import clsx from 'clsx';
import { complianceBands } from '../../../shared/api/plan-compliance.ts';
import { BAND_CLASSES, BAND_LABELS } from '../plans/index.ts';

/** What the calendar's outlines and colours mean, in the sidebar: the plan view's compliance bands. */
export function CalendarLegend() {
  return (
    <section aria-labelledby="calendar-legend" className="flex flex-col gap-3 text-xs text-fg-muted">
      <h2 id="calendar-legend" className="text-xs font-semibold tracking-wider text-fg-subtle uppercase">
        Reading the calendar
      </h2>
      <p className="flex items-center gap-2">
        <span aria-hidden className="h-4 w-6 shrink-0 rounded border border-dashed border-line-strong" />
        Planned session (the day plan)
      </p>
      <p className="flex items-center gap-2">
        <span aria-hidden className="h-4 w-6 shrink-0 rounded bg-surface-raised" />
        Activity done (opens its page)
      </p>
      <ul aria-label="Compliance colours" className="flex flex-col gap-1.5">
        {complianceBands.map((band) => (
          <li key={band} className="flex items-center gap-2">
            <span aria-hidden className={clsx('size-2.5 shrink-0 rounded-full', BAND_CLASSES[band].fill)} />
            <span className="first-letter:uppercase">{BAND_LABELS[band]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
