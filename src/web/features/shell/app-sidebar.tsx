import type { ReactNode } from 'react';
import type { AuthUser } from '../../../shared/api/auth.ts';
import { TrialNotice } from '../billing/index.ts';
import { ConnectionPanel } from '../strava/index.ts';

interface AppSidebarProps {
  user: AuthUser;
  /** The screen's own sidebar content, between the plan notice and the account panel; it scrolls. */
  children?: ReactNode;
  /** Controls that stay in view above the account panel (Home's Units switch). */
  footer?: ReactNode;
}

/** The signed-in sidebar frame (spec §2): plan notice on top, the screen's content, the account panel at the bottom. */
export function AppSidebar({ user, children, footer }: AppSidebarProps) {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="p-4 empty:hidden">
        <TrialNotice plan={user.plan} trialExpiryDate={user.trialExpiryDate} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4">{children}</div>
      {footer && <div className="border-t border-line px-4 py-3">{footer}</div>}
      <div className="border-t border-line p-4">
        <ConnectionPanel user={user} />
      </div>
    </div>
  );
}
