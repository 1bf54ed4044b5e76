import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface ProfileSectionProps {
  /** Also the sidebar's anchor. */
  id: string;
  title: string;
  icon: LucideIcon;
  children: ReactNode;
  className?: string;
}

/** One titled part of the athletic profile. */
export function ProfileSection({ id, title, icon: Icon, children, className }: ProfileSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={clsx('scroll-mt-6', className)}>
      <h2 id={`${id}-heading`} className="mb-3 flex items-center gap-2 text-lg font-semibold tracking-tight text-fg">
        <Icon aria-hidden className="size-5 shrink-0 text-accent" />
        {title}
      </h2>
      {children}
    </section>
  );
}
