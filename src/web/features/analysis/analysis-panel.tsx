import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ActivityListItem } from '../../../shared/api/activities.ts';
import type { AnalysisView } from '../../../shared/api/analysis.ts';
import { isUnauthorizedError } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { AnalysisSectionsSkeleton } from './analysis-sections-skeleton.tsx';
import { shareableStravaActivityId } from '../../lib/activity-labels.ts';
import { CalendarButton, WorkoutFileButton } from '../exports/index.ts';
import { NextSessionNow } from '../day-plan/index.ts';
import { useActivityAnalysis } from './api/activity-analysis.ts';
import { AnalysisText } from './analysis-text.tsx';
import { CoachingStyleButton } from './coaching-style-button.tsx';
import { AnalysisHistoryPendingNote } from './history-pending-note.tsx';
import { SectionShareMenu } from './section-share-menu.tsx';
import { useAnalysisRewriting, useLastAnalysisRewrite } from './use-analysis-rewriting.ts';

type SectionKey = keyof Pick<AnalysisView, 'feedback' | 'summary' | 'recovery' | 'trainingPlanProgress' | 'nextActivity'>;

/** The sections below Kai's message, in the spec's order (§2). */
const SECTIONS: { key: SectionKey; title: string }[] = [
  { key: 'feedback', title: 'Key Insights' },
  { key: 'summary', title: 'Performance Summary' },
  { key: 'recovery', title: 'Recovery' },
  { key: 'trainingPlanProgress', title: 'Progress on the training plan' },
  { key: 'nextActivity', title: 'Next Session' },
];

/** Kai's analysis of one activity, with the loading and failure states of spec §4 and §8. */
export function AnalysisPanel({ activity }: { activity: ActivityListItem }) {
  const analysis = useActivityAnalysis(activity.id);
  const rewriting = useAnalysisRewriting(activity.id);
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
  const stravaActivityId = shareableStravaActivityId(activity);
  return (
    <section aria-label="Analysis" aria-busy={rewriting || view.historyPending} className="flex flex-col gap-6">
      {view.historyPending && !rewriting && <AnalysisHistoryPendingNote />}
      <RewriteStatus activityId={activity.id} rewriting={rewriting} />
      {/* Busy, not dimmed: text faded to half its contrast fails WCAG 1.4.3 while the athlete still reads it. */}
      <div className="flex flex-col gap-6" aria-busy={rewriting || view.historyPending}>
        <div className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
          <div className="flex items-center gap-3">
            <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-accent-fg">
              K
            </span>
            <p className="min-w-0 flex-1 font-semibold text-fg">Kai</p>
            <CoachingStyleButton view={view} disabled={rewriting} />
            <SectionShareMenu section="Executive Summary" text={view.executiveSummary} stravaActivityId={stravaActivityId} />
          </div>
          <AnalysisText text={view.executiveSummary} className="mt-4" />
          {view.coachNote && <p className="mt-4 border-t border-line pt-3 text-xs text-fg-muted">{view.coachNote}</p>}
        </div>
        {SECTIONS.map((section) => (
          <section key={section.key} aria-label={section.title} className="rounded-2xl border border-line bg-surface/60 p-5 sm:p-6">
            <div className="flex items-center justify-between gap-3">
              <h3 className="text-sm font-semibold tracking-wide text-fg-muted uppercase">{section.title}</h3>
              <SectionShareMenu section={section.title} text={view[section.key]} stravaActivityId={stravaActivityId} />
            </div>
            <AnalysisText text={view[section.key]} className="mt-3" />
            {section.key === 'nextActivity' && (
              <div className="mt-5 flex flex-wrap items-center gap-2 border-t border-line pt-4">
                {/* The files are for tomorrow: only while tomorrow's decision is this suggestion (ADR 0068). */}
                <NextSessionNow suggested={view.nextSession}>
                  {(day) => (
                    <>
                      <WorkoutFileButton activityId={activity.id} />
                      <CalendarButton view={view} day={day} />
                    </>
                  )}
                </NextSessionNow>
              </div>
            )}
          </section>
        ))}
      </div>
    </section>
  );
}

/**
 * One live region, there from the start so every change of it is read out (a region mounted with
 * its text often is not): "Kai is rewriting…" while a refresh, style change or new detail runs,
 * then "Analysis updated" once the new text is on screen. A failure is said where it was asked for
 * (the refresh button, the dialogs) and in a toast, so it is not repeated here.
 */
function RewriteStatus({ activityId, rewriting }: { activityId: string; rewriting: boolean }) {
  const last = useLastAnalysisRewrite(activityId);
  // Only what was asked for on this visit of the page: a rewrite of minutes ago is no news.
  const [shownSinceMs] = useState(() => Date.now());
  const updated = !rewriting && last !== null && last.outcome === 'updated' && last.atMs >= shownSinceMs;
  return (
    <p role="status" className={rewriting || updated ? 'flex items-center gap-2 text-sm text-fg-muted' : 'sr-only'}>
      {rewriting ? (
        <>
          <Spinner className="size-4" />
          Kai is rewriting your analysis…
        </>
      ) : updated ? (
        <>
          <CircleCheck aria-hidden className="size-4 text-success" />
          Analysis updated
        </>
      ) : null}
    </p>
  );
}
