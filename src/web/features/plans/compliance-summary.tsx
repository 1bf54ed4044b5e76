import { usePlanCompliance } from './api/plan-compliance.ts';
import { ComplianceRatio } from './compliance-ratio.tsx';

/** The plan header's overall compliance so far: time and load done of what was due, and the sessions. */
export function ComplianceSummary({ planId }: { planId: string }) {
  const compliance = usePlanCompliance(planId);
  if (!compliance.data) return null;
  const { overall } = compliance.data;
  const { sessions } = overall;
  return (
    <p className="mt-1 text-sm text-fg-muted">
      <span className="font-semibold text-fg">So far: </span>
      <ComplianceRatio totals={overall} />
      {sessions.due > 0 && (
        <span>
          {' '}
          · {sessions.completed} completed, {sessions.partial} partial, {sessions.missed} missed of {sessions.due} sessions
        </span>
      )}
    </p>
  );
}
