import { useLocation } from 'wouter';
import type { AnalysisView } from '../../../shared/api/analysis.ts';
import { COACHING_STYLES } from '../../../shared/domain/coaching-style.ts';
import { isUnauthorizedError } from '../../app/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { AnalysisSectionsSkeleton } from '../activities/analysis-sections-skeleton.tsx';
import { useActivityAnalysis } from './api/activity-analysis.ts';
import { AnalysisText } from './analysis-text.tsx';

/** The sections below Kai's message, in the spec's order (§2). */
const SECTIONS: { key: keyof Pick<AnalysisView, 'feedback' | 'summary' | 'recovery' | 'trainingPlanProgress' | 'nextActivity'>; title: string }[] = [
  { key: 'feedback', title: 'Key Insights' },
  { key: 'summary', title: 'Performance Summary' },
  { key: 'recovery', title: 'Recovery' },
  { key: 'trainingPlanProgress', title: 'Progress on the training plan' },
  { key: 'nextActivity', title: 'Next Session' },
];

/** Kai's analysis of one activity, with the loading and failure states of spec §4 and §8. */
export function AnalysisPanel({ activityId }: { activityId: string }) {
  const analysis = useActivityAnalysis(activityId);
  const [, navigate] = useLocation();

  if (analysis.isError) {
    return isUnauthorizedError(analysis.error) ? (
      <Alert tone="error">
        <p className="font-semibold">Session expired</p>
        <p>Please log in again to view your analysis</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => navigate('/login')}>
          Go to Login
        </Button>
      </Alert>
    ) : (
      <Alert tone="error">
        <p className="font-semibold">Failed to load analysis</p>
        <p>Please try refreshing the page or contact support</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void analysis.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }

  if (analysis.data === undefined) {
    return (
      <section aria-label="Analysis" aria-busy="true" className="rounded-2xl border border-line bg-surface/60 p-5 sm:p-6">
        <AnalysisSectionsSkeleton />
      </section>
    );
  }

  const view = analysis.data;
  return (
    <section aria-label="Analysis" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <div className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
          <div className="flex items-center gap-3">
            <span aria-hidden className="flex size-10 items-center justify-center rounded-full bg-accent font-bold text-bg">
              K
            </span>
            <div className="min-w-0">
              <p className="font-semibold text-fg">Kai</p>
              <p className="text-xs text-fg-muted">{COACHING_STYLES[view.coachingStyle].name} coaching</p>
            </div>
          </div>
          <h2 className="mt-4 text-lg font-semibold tracking-tight text-fg">{view.subjectLine}</h2>
          <AnalysisText text={view.executiveSummary} className="mt-2" />
        </div>
        {view.coachNote && <p className="px-1 text-xs text-fg-muted">{view.coachNote}</p>}
      </div>
      {SECTIONS.map((section) => (
        <section key={section.key} aria-label={section.title} className="rounded-2xl border border-line bg-surface/60 p-5 sm:p-6">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-fg-muted">{section.title}</h3>
          <AnalysisText text={view[section.key]} className="mt-3" />
        </section>
      ))}
    </section>
  );
}
