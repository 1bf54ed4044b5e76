import type { ComplianceTotalsView } from '../../../shared/api/plan-compliance.ts';
import { formatNumber } from '../../../shared/format.ts';
import { minutesText } from './compliance-labels.ts';

const hoursText = (minutes: number) => `${formatNumber(minutes / 60, 1)} h`;

function Bar({ label, planned, done, text }: { label: string; planned: number; done: number | null; text: string }) {
  const scale = Math.max(planned, done ?? 0, 1);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between gap-2 text-fg-muted">
        <span className="font-semibold text-fg">{label}</span>
        <span className="tabular-nums">{text}</span>
      </div>
      <svg aria-hidden viewBox="0 0 100 10" preserveAspectRatio="none" className="h-2.5 w-full overflow-visible">
        <rect x="0" y="0" width={(planned / scale) * 100} height="4" rx="1" className="fill-line-strong" />
        {done !== null && <rect x="0" y="6" width={(done / scale) * 100} height="4" rx="1" className="fill-accent" />}
      </svg>
    </div>
  );
}

/** A week's planned (grey) and done (accent) hours and load as two small bars, with the numbers in words beside them. */
export function ComplianceWeekBars({ week }: { week: ComplianceTotalsView }) {
  return (
    <div className="flex flex-col gap-2 text-xs">
      <Bar label="Hours" planned={week.plannedMin} done={week.doneMin} text={`${hoursText(week.doneMin)} of ${hoursText(week.plannedMin)}`} />
      <Bar
        label="Load"
        planned={week.plannedLoad}
        done={week.doneLoad}
        text={
          week.doneLoad === null
            ? `${formatNumber(week.plannedLoad)} planned; done not scored yet`
            : `${formatNumber(week.doneLoad)} of ${formatNumber(week.plannedLoad)}`
        }
      />
      {week.unplannedMin > 0 && <p className="text-fg-subtle">Plus {minutesText(week.unplannedMin)} unplanned</p>}
    </div>
  );
}
