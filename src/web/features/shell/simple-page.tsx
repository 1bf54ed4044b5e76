import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { AuthUser } from '../../../shared/api/auth.ts';
import { buttonClasses } from '../../ui/button-classes.ts';
import { AppLayout } from './app-layout.tsx';
import { AppSidebar } from './app-sidebar.tsx';

/**
 * A signed-in page of its own off Home (the check-in, API access): the sidebar, a way back to Home,
 * the page's title with a line under it and its actions on the right, then its sections.
 */
export function SimplePage({ user, title, intro, actions, children }: { user: AuthUser; title: string; intro: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <AppLayout sidebar={<AppSidebar user={user} />}>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10">
        <Link href="/" className={buttonClasses({ variant: 'ghost', size: 'sm' }, 'self-start')}>
          <ArrowLeft aria-hidden className="size-4" />
          Home
        </Link>
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
            <p className="mt-1 text-sm text-fg-muted">{intro}</p>
          </div>
          {actions}
        </header>
        {children}
      </div>
    </AppLayout>
  );
}
