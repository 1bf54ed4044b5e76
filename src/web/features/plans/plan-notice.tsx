import { Link } from 'wouter';
import { buttonClasses } from '../../ui/button-classes.ts';

/** The plan view without a plan to show (spec §8): no id, or it could not be loaded. */
export function PlanNotice({ title, text }: { title: string; text: string }) {
  return (
    <section className="flex flex-col items-center rounded-2xl border border-line bg-surface px-6 py-12 text-center">
      <h1 className="text-xl font-semibold tracking-tight text-fg">{title}</h1>
      <p className="mt-1.5 text-sm text-fg-muted">{text}</p>
      <Link href="/training-plan" className={buttonClasses({ variant: 'primary' }, 'mt-6')}>
        Create a training plan
      </Link>
    </section>
  );
}
