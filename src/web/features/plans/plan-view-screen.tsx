import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import type { AuthUser } from '../../../shared/api/auth.ts';
import type { TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { HttpError, userFacingMessage } from '../../lib/api-request.ts';
import { AppLayout, AppSidebar } from '../shell/index.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useTrainingPlan } from './api/training-plans.ts';
import { PlanDocument } from './plan-document.tsx';
import { PlanEditBanner } from './plan-edit-banner.tsx';
import { PlanNotice } from './plan-notice.tsx';

interface TocEntry {
  id: string;
  label: string;
}

function tocOf(plan: TrainingPlanView): TocEntry[] {
  const generated = plan.generatedPlan;
  const entries: [boolean, TocEntry][] = [
    [true, { id: 'adjustments', label: "Kai's Suggestions" }],
    [true, { id: 'planned-vs-done', label: 'Planned vs Done' }],
    [generated.eventDemands.keyPhysicalDemands.length > 0, { id: 'event-demands', label: 'Event Demands' }],
    [generated.currentState.strengths.length + generated.currentState.gaps.length > 0, { id: 'current-state', label: 'Current State Analysis' }],
    [true, { id: 'gap-analysis', label: 'Gap Analysis' }],
    [true, { id: 'overview', label: 'Training Plan Overview' }],
    [generated.trainingPlan.phases.length > 0, { id: 'phases', label: 'Training Phases' }],
    [true, { id: 'devices', label: 'On Your Devices' }],
    [generated.progressChecks.length > 0, { id: 'progress-checks', label: 'Progress Checks' }],
  ];
  return entries.filter(([present]) => present).map(([, entry]) => entry);
}

/** /training-plan/view?id= (spec §2 Plan view). */
export function PlanViewScreen({ user }: { user: AuthUser }) {
  const id = new URLSearchParams(useSearch()).get('id');
  const plan = useTrainingPlan(id || null);
  const toc = plan.data ? tocOf(plan.data) : [];
  const sidebar = (
    <AppSidebar user={user}>
      <Link href="/training-plan" className="mb-4 inline-flex items-center gap-1.5 text-sm font-semibold text-fg-muted hover:text-fg">
        <ArrowLeft aria-hidden className="size-4" />
        Back to plans
      </Link>
      {toc.length > 0 && (
        <nav aria-label="Table of contents">
          <h2 className="mb-2 text-xs font-semibold tracking-wider text-fg-subtle uppercase">Contents</h2>
          <ul className="flex flex-col gap-1">
            {toc.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`} className="block rounded-md px-2 py-1.5 text-sm text-fg-muted hover:bg-surface-raised hover:text-fg">
                  {entry.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </AppSidebar>
  );

  let content: ReactNode;
  if (!id) {
    content = <PlanNotice title="No Training Plan Selected" text="Choose a plan from your training plans to see it in full." />;
  } else if (plan.isPending) {
    content = (
      <div className="flex flex-col gap-4">
        <Skeleton className="h-24 rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  } else if (plan.isError) {
    // A plan that is not the athlete's reads as not found (404), like one that was deleted.
    const missing = plan.error instanceof HttpError && plan.error.status === 404;
    content = missing ? (
      <PlanNotice
        title="This plan does not exist (or was deleted)"
        text="The link may be old, or the plan is not one of yours."
        action={{ href: '/training-plan', label: 'Go to your plans' }}
      />
    ) : (
      <PlanNotice
        title="Could not load this plan"
        text={userFacingMessage(plan.error, 'Please check your connection and try again.')}
        action={{ href: '/training-plan', label: 'Go to your plans' }}
      />
    );
  } else {
    content = <PlanDocument plan={plan.data} />;
  }

  return (
    <AppLayout sidebar={sidebar}>
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10">{content}</div>
      <PlanEditBanner />
    </AppLayout>
  );
}
