import { Undo2, X } from 'lucide-react';
import { Link } from 'wouter';
import type { NamedPlan } from '../../../shared/api/training-plans.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Button } from '../../ui/button.tsx';
import { buttonClasses } from '../../ui/button-classes.ts';
import { IconButton } from '../../ui/icon-button.tsx';
import { useSwitchBack } from './api/training-plans.ts';
import { clearPlanSwitch, usePlanSwitch, type PlanSwitch } from './api/plan-switch-store.ts';

/** The plan view without a plan to show (spec §8): no id, or it could not be loaded. */
export function PlanNotice({
  title,
  text,
  action = { href: '/training-plan', label: 'Create a training plan' },
}: {
  title: string;
  text: string;
  action?: { href: string; label: string };
}) {
  return (
    <section className="flex flex-col items-center rounded-2xl border border-line bg-surface px-6 py-12 text-center">
      <h1 className="text-xl font-semibold tracking-tight text-fg">{title}</h1>
      <p className="mt-1.5 text-sm text-fg-muted">{text}</p>
      <Link href={action.href} className={buttonClasses({ variant: 'primary' }, 'mt-6')}>
        {action.label}
      </Link>
    </section>
  );
}

const quoted = (plans: readonly NamedPlan[]) => {
  const names = plans.map((plan) => `"${plan.name}"`);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}` : names[0]!;
};

/** What happened, in one or two sentences: the plan that became active and those that went off. */
export function planSwitchText(change: PlanSwitch): string {
  const plan = `"${change.plan.name}"`;
  const cause =
    change.cause === 'created' ? `${plan} is your new active plan.` : change.cause === 'updated' ? `${plan} now runs on its new days.` : `${plan} is switched on.`;
  const several = change.switchedOff.length > 1;
  return `${cause} ${quoted(change.switchedOff)} ${several ? 'were' : 'was'} switched off: ${several ? 'they' : 'it'} ran on the same days.`;
}

/**
 * ADR 0070: after a plan switched others off, the plans list says so in the page (not a toast that
 * fades or hides behind a dialog) with a one-click Undo. A refused Undo says why and stays.
 */
export function PlanSwitchNotice() {
  const change = usePlanSwitch();
  const undo = useSwitchBack();
  if (!change) return null;
  return (
    <section aria-labelledby="plan-switch-text" className="flex flex-col gap-3 rounded-2xl border border-accent/40 bg-accent/10 p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <p id="plan-switch-text" role="status" className="min-w-0 flex-1 text-sm leading-relaxed text-fg">
          {planSwitchText(change)}
        </p>
        <IconButton
          label="Dismiss"
          icon={<X aria-hidden className="size-4" />}
          className="-mt-1.5 -mr-1.5 shrink-0"
          onClick={() => {
            undo.reset();
            clearPlanSwitch();
          }}
        />
      </div>
      <div>
        <Button size="sm" variant="secondary" disabled={undo.isPending} onClick={() => undo.mutate(change)}>
          <Undo2 aria-hidden className="size-4" />
          {undo.isPending ? 'Undoing...' : 'Undo'}
        </Button>
      </div>
      {undo.isError && (
        <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 px-3.5 py-2.5 text-sm text-danger">
          {userFacingMessage(undo.error, 'Could not undo the switch. Please try again.')}
        </p>
      )}
    </section>
  );
}
