import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface FeatureCardProps {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  /** A small label beside the title, e.g. 'Coming soon'. */
  badge?: string;
  className?: string;
}

export function FeatureCard({ icon: Icon, title, children, badge, className }: FeatureCardProps) {
  return (
    <article
      className={clsx(
        'group flex flex-col gap-4 rounded-2xl border border-line bg-surface/70 p-6 backdrop-blur-md transition-colors hover:border-line-strong',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <span className="flex size-11 items-center justify-center rounded-xl border border-line-strong bg-surface-raised">
          <Icon aria-hidden className="size-5 text-accent" />
        </span>
        {badge && (
          <span className="rounded-full border border-line-strong px-2.5 py-1 text-xs font-medium text-fg-muted">{badge}</span>
        )}
      </div>
      <h3 className="text-lg font-semibold tracking-tight text-fg">{title}</h3>
      <div className="text-sm leading-relaxed text-fg-muted">{children}</div>
    </article>
  );
}
