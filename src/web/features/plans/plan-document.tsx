import { ArrowLeft, CalendarPlus } from 'lucide-react';
import { Link } from 'wouter';
import type { TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { Badge } from '../../ui/badge.tsx';
import { buttonClasses } from '../../ui/button-classes.ts';
import { CalendarFeedPanel } from './calendar-feed-panel.tsx';
import { DayPlanCard } from '../day-plan/index.ts';
import { ComplianceCalendar } from './compliance-calendar.tsx';
import { ComplianceSummary } from './compliance-summary.tsx';
import { PhaseSection, RaceWeekSection } from './phase-section.tsx';
import { PlanAdjustments } from './plan-adjustments.tsx';
import { PREPARATION_LABELS, planTitle, planWhen } from './plan-labels.ts';
import { PlanListCard } from './plan-list-card.tsx';
import { PlanSection } from './plan-section.tsx';
import { PlanSessionFilesList } from './plan-session-files.tsx';
import { PlanStat } from './plan-stat.tsx';
import { PlanTerm } from './plan-term.tsx';
import { PlanUnitsNote } from './plan-units-note.tsx';
import { PlanWorkoutsButton } from './plan-workouts-button.tsx';
import { PriorityBadge } from './priority-badge.tsx';

/** Every section of a generated plan (spec §2 Plan view), in the order of the table of contents. */
export function PlanDocument({ plan }: { plan: TrainingPlanView }) {
  const generated = plan.generatedPlan;
  const when = planWhen(plan);
  const gaps = [generated.gapAnalysis.primaryGap, generated.gapAnalysis.secondaryGap, generated.gapAnalysis.tertiaryGap].filter((gap) => gap !== undefined);
  const gapLabels = ['Primary gap', 'Secondary gap', 'Tertiary gap'];
  const overview = generated.trainingPlan.overview;
  return (
    <>
      <header className="flex flex-col gap-3 md:hidden">
        <Link href="/training-plan" className="inline-flex items-center gap-1.5 text-sm font-semibold text-fg-muted hover:text-fg">
          <ArrowLeft aria-hidden className="size-4" />
          Back to plans
        </Link>
      </header>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight text-fg">{planTitle(plan)}</h1>
            <Badge variant="secondary">{PREPARATION_LABELS[plan.preparationType]}</Badge>
          </div>
          {when && <p className="mt-1 text-sm text-fg-muted">{when}</p>}
          <ComplianceSummary planId={plan.id} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a href={`/api/training-plans/${plan.id}/calendar.ics`} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            <CalendarPlus aria-hidden className="size-4" />
            Add to calendar
          </a>
          <PlanWorkoutsButton plan={plan} />
        </div>
      </header>
      <PlanUnitsNote plan={generated} />
      <p className="rounded-2xl border border-accent/30 bg-accent/5 p-5 text-base leading-relaxed text-fg">{generated.motivationalMessage}</p>

      {plan.isActive && <DayPlanCard />}
      <PlanSection id="adjustments" title="Kai's Suggestions">
        <PlanAdjustments planId={plan.id} />
      </PlanSection>
      <PlanSection id="planned-vs-done" title="Planned vs Done">
        <ComplianceCalendar planId={plan.id} editable={plan.isActive} raceDate={generated.trainingPlan.raceWeek?.date ?? null} />
      </PlanSection>
      {generated.eventDemands.keyPhysicalDemands.length > 0 && (
        <PlanSection id="event-demands" title="Event Demands">
          <div className="grid gap-4 sm:grid-cols-3">
            <PlanListCard title="Physical requirements" items={generated.eventDemands.keyPhysicalDemands} />
            <PlanListCard title="Primary systems targeted" items={generated.eventDemands.primarySystemsTargeted} />
            <PlanListCard title="Success factors" items={generated.eventDemands.successFactors} />
          </div>
        </PlanSection>
      )}
      {generated.currentState.strengths.length + generated.currentState.gaps.length > 0 && (
        <PlanSection id="current-state" title="Current State Analysis">
          <div className="grid gap-4 sm:grid-cols-2">
            <PlanListCard title="Strengths" items={generated.currentState.strengths} />
            <PlanListCard title="Areas for improvement" items={generated.currentState.gaps} />
          </div>
        </PlanSection>
      )}
      <PlanSection id="gap-analysis" title="Gap Analysis">
        <div className="flex flex-col gap-3">
          {gaps.map((gap, index) => (
            <article key={gapLabels[index]} className="rounded-2xl border border-line bg-surface p-5">
              <header className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-fg">
                  {gapLabels[index]}: {gap.area}
                </h3>
                <PriorityBadge priority={gap.priority} />
              </header>
              <p className="mt-2 text-sm text-fg-muted">{gap.description}</p>
              <p className="mt-1 text-sm text-fg-subtle">{gap.impact}</p>
            </article>
          ))}
        </div>
      </PlanSection>
      <PlanSection id="overview" title="Training Plan Overview">
        <dl className="grid gap-3 sm:grid-cols-3">
          <PlanStat label="Total weeks" value={String(overview.totalWeeks)} />
          <PlanStat label="Current weekly volume" value={overview.weeklyVolume.current} />
          <PlanStat label="Peak weekly volume" value={overview.weeklyVolume.peak} />
        </dl>
        {generated.assumptions.length > 0 && <PlanListCard title="Assumptions" items={generated.assumptions} className="mt-4" />}
      </PlanSection>
      {generated.trainingPlan.phases.length > 0 && (
        <PlanSection id="phases" title="Training Phases">
          <div className="flex flex-col gap-4">
            {generated.trainingPlan.phases.map((phase) => (
              <PhaseSection
                key={phase.key}
                phase={phase}
                dates={plan.phases.find((dates) => dates.name === phase.key)}
                isCurrent={plan.currentPhase === phase.key}
              />
            ))}
            {generated.trainingPlan.raceWeek && <RaceWeekSection week={generated.trainingPlan.raceWeek} />}
          </div>
        </PlanSection>
      )}
      <PlanSection id="devices" title="On Your Devices">
        <div className="grid gap-4 lg:grid-cols-2">
          <PlanSessionFilesList planId={plan.id} />
          <CalendarFeedPanel planId={plan.id} />
        </div>
      </PlanSection>
      {generated.progressChecks.length > 0 && (
        <PlanSection id="progress-checks" title="Progress Checks">
          <div className="grid gap-4 sm:grid-cols-2">
            {generated.progressChecks.map((check) => (
              <article key={check.name} className="rounded-2xl border border-line bg-surface p-5 text-sm">
                <h3 className="font-semibold text-fg">{check.name}</h3>
                <p className="mt-0.5 text-fg-subtle">{check.timing}</p>
                <dl className="mt-3 flex flex-col gap-2">
                  <PlanTerm label="Protocol" text={check.protocol} />
                  <PlanTerm label="Success criteria" text={check.successCriteria} />
                  <PlanTerm label="Adjustment triggers" text={check.adjustmentTriggers} />
                </dl>
              </article>
            ))}
          </div>
        </PlanSection>
      )}
    </>
  );
}
