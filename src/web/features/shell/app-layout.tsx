import type { ReactNode } from 'react';
import { useAuth } from '../auth/index.ts';
import { PhonePlanNotice } from '../billing/index.ts';
import { useForceSyncGlobal } from '../strava/index.ts';
import { MAIN_CONTENT_ID, SkipLink } from '../../ui/skip-link.tsx';
import { TooltipProvider } from '../../ui/tooltip.tsx';
import { TopNav } from './top-nav.tsx';

/** Spec §9 tooltip timing: 700 ms before the first opens, then 300 ms during which the next opens at once. */
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

interface AppLayoutProps {
  sidebar: ReactNode;
  children: ReactNode;
  onOpenSettings?: () => void;
}

/**
 * The signed-in frame (spec §2): top navigation, a sidebar (hidden on small screens) and the main
 * content. It also provides the tooltip timing for everything inside it, which is every tooltip
 * the app has (see Providers for why not higher up). Every signed-in screen has this frame, so it
 * also puts the console's `window.forceSync()` in place (spec §7).
 */
export function AppLayout({ sidebar, children, onOpenSettings }: AppLayoutProps) {
  useForceSyncGlobal();
  const { user } = useAuth();
  return (
    <TooltipProvider delayMs={TOOLTIP_DELAY_MS} skipDelayMs={TOOLTIP_SKIP_DELAY_MS}>
      <div className="flex h-svh flex-col">
        <SkipLink />
        <TopNav onOpenSettings={onOpenSettings} />
        <div className="flex min-h-0 flex-1">
          <aside aria-label="Sidebar" className="hidden w-72 shrink-0 flex-col border-r border-line bg-surface md:flex">
            {sidebar}
          </aside>
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 overflow-y-auto outline-none">
            {user && <PhonePlanNotice plan={user.plan} trialExpiryDate={user.trialExpiryDate} />}
            {children}
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
