import type { ReactNode } from 'react';
import type { AuthUser } from '../../shared/api/auth.ts';
import { useStravaStatus } from '../features/strava/api/strava-status.ts';
import { ConnectStravaPrompt } from '../features/strava/connect-strava-prompt.tsx';
import { ConnectionPanel } from '../features/strava/connection-panel.tsx';
import { AppLayout } from './app-layout.tsx';
import { AppSidebar } from './app-sidebar.tsx';

interface ConnectRequiredScreenProps {
  user: AuthUser;
  /** Why this screen needs Strava, in the athlete's terms. */
  reason: string;
  /** The screen itself, once Strava is connected. */
  children: ReactNode;
}

/**
 * A screen that needs the athlete's training history, opened before Strava is connected: the
 * layout stays usable (tabs, Sign Out) and the content is the connect step (spec §2, §6).
 */
export function ConnectRequiredScreen({ user, reason, children }: ConnectRequiredScreenProps) {
  const status = useStravaStatus();
  if (status.data?.connected) return children;
  return (
    <AppLayout sidebar={<AppSidebar user={user} />}>
      <div className="flex min-h-full flex-col items-center justify-start gap-6 px-4 py-10 sm:justify-center sm:py-16">
        <section
          aria-labelledby="connect-heading"
          className="w-full max-w-md animate-rise rounded-2xl border border-line bg-surface p-6 shadow-xl shadow-black/20 sm:p-8"
        >
          <h1 id="connect-heading" className="text-xl font-semibold tracking-tight text-fg">
            Connect with Strava
          </h1>
          <p className="mt-1.5 text-sm text-fg-muted">{reason}</p>
          <div className="mt-6">
            <ConnectStravaPrompt />
          </div>
        </section>
        {/* The sidebar, and Sign Out with it, is hidden on small screens. */}
        <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-4 md:hidden">
          <ConnectionPanel user={user} />
        </div>
      </div>
    </AppLayout>
  );
}
