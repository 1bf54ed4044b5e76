import clsx from 'clsx';
import type { ComplianceTotalsView } from '../../../shared/api/plan-compliance.ts';
import { BAND_CLASSES, BAND_LABELS } from './compliance-labels.ts';

/** '86 % of the time due · 91 % of the load', coloured by band and said in words; 'Nothing due yet' before the first session. */
export function ComplianceRatio({ totals, className }: { totals: ComplianceTotalsView; className?: string }) {
  if (totals.durationPct === null) return <span className={clsx('text-fg-subtle', className)}>Nothing due yet</span>;
  const band = totals.band ? BAND_CLASSES[totals.band] : null;
  return (
    <span className={className}>
      <span className={clsx('font-semibold tabular-nums', band?.text)}>{totals.durationPct} %</span> of the time
      {totals.loadPct !== null && (
        <>
          {' · '}
          <span className="font-semibold tabular-nums">{totals.loadPct} %</span> of the load
        </>
      )}
      {totals.band && <span className="sr-only">, {BAND_LABELS[totals.band]}</span>}
    </span>
  );
}
