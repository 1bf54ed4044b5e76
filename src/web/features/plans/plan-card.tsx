import { CalendarDays, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import type { TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { Badge } from '../../ui/badge.tsx';
import { buttonClasses } from '../../ui/button-classes.ts';
import { IconButton } from '../../ui/icon-button.tsx';
import { Switch } from '../../ui/switch.tsx';
import { trackUserEvent } from '../tracking/index.ts';
import { useTogglePlan } from './api/training-plans.ts';
import { PREPARATION_LABELS, planTitle, planWhen } from './plan-labels.ts';
import { PlanTypeIcon } from './plan-type-icon.tsx';

interface PlanCardProps {
  plan: TrainingPlanView;
  onEdit: (plan: TrainingPlanView) => void;
  onDelete: (plan: TrainingPlanView) => void;
}

/** One plan in the list (spec §2): icon, title, type badge, when, active switch, summary, link, edit and delete. */
export function PlanCard({ plan, onEdit, onDelete }: PlanCardProps) {
  const toggle = useTogglePlan();
  const title = planTitle(plan);
  const when = planWhen(plan);
  const switchId = `plan-active-${plan.id}`;
  return (
    <article aria-label={title} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <header className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent/10 text-accent">
          <PlanTypeIcon type={plan.preparationType} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate text-lg font-semibold tracking-tight text-fg">{title}</h2>
            <Badge variant="secondary">{PREPARATION_LABELS[plan.preparationType]}</Badge>
          </div>
          {when && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-fg-muted">
              <CalendarDays aria-hidden className="size-4" />
              {when}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <label htmlFor={switchId} className="hidden text-sm text-fg-muted sm:inline">
            {plan.isActive ? 'Active' : 'Inactive'}
          </label>
          <Switch
            id={switchId}
            aria-label={`${title}: active`}
            checked={plan.isActive}
            disabled={toggle.isPending}
            onCheckedChange={() => toggle.mutate({ id: plan.id, isActive: plan.isActive, name: title })}
          />
        </div>
      </header>
      <section aria-label="Plan overview">
        <h3 className="text-sm font-semibold text-fg">Plan overview</h3>
        <p className="mt-1 text-sm leading-relaxed text-fg-muted">{plan.planSummary}</p>
      </section>
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
        <Link
          href={`/training-plan/view?id=${plan.id}`}
          className={buttonClasses({ variant: 'primary', size: 'sm' })}
          onClick={() => trackUserEvent({ eventType: 'training_plan', eventName: 'view_full_plan', eventData: { planId: plan.id } })}
        >
          View Full Training Plan
        </Link>
        <div className="flex items-center gap-1">
          <IconButton label="Edit plan" icon={<Pencil aria-hidden className="size-4" />} onClick={() => onEdit(plan)} />
          <IconButton label="Delete plan" icon={<Trash2 aria-hidden className="size-4" />} onClick={() => onDelete(plan)} />
        </div>
      </footer>
    </article>
  );
}
