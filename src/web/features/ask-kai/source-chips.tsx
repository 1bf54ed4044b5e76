import { Activity, CalendarDays, CalendarRange, HeartPulse, TrendingUp, UserRound, Zap, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { AskSource } from '../../../shared/api/coach-conversations.ts';
import { sourceHref } from './source-links.ts';

const icons: Record<AskSource['kind'], LucideIcon> = {
  activity: Activity,
  period: CalendarDays,
  fitness: TrendingUp,
  'power-curve': Zap,
  plan: CalendarRange,
  readiness: HeartPulse,
  profile: UserRound,
};

/** What the answer read, each a link to where the athlete can see it for themselves. */
export function SourceChips({ sources }: { sources: readonly AskSource[] }) {
  if (sources.length === 0) return null;
  return (
    <ul aria-label="Sources" className="flex flex-wrap gap-1.5">
      {sources.map((source, index) => {
        const Icon = icons[source.kind];
        return (
          <li key={`${source.kind}-${index}`} className="min-w-0 max-w-full">
            <Link
              href={sourceHref(source)}
              className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-line-strong bg-surface px-2.5 py-1 text-xs font-medium text-fg-muted transition-colors hover:border-fg-subtle hover:text-fg"
            >
              <Icon aria-hidden className="size-3.5 shrink-0 text-accent" />
              <span className="truncate">{source.label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
