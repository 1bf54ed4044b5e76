import { FileUp } from 'lucide-react';
import { useEffect } from 'react';
import type { AuthUser } from '../../shared/api/auth.ts';
import { UnitsSwitch } from '../features/settings/index.ts';
import { ConnectionPanel } from '../features/strava/index.ts';
import { IconButton } from '../ui/icon-button.tsx';
import { Sheet } from '../ui/sheet.tsx';
import { HomeActivityList } from './home-activity-list.tsx';
import type { HomeActivities } from './use-home-activities.ts';

interface MobileActivitiesDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: AuthUser;
  home: HomeActivities;
  onImport: () => void;
}

/** Where AppLayout shows the sidebar (Tailwind's `md`). */
const SIDEBAR_MEDIA_QUERY = '(min-width: 48rem)';

/** On phones the sidebar is hidden: its list, the Units switch and Sign Out live in this drawer (spec §2). */
export function MobileActivitiesDrawer({ open, onOpenChange, user, home, onImport }: MobileActivitiesDrawerProps) {
  // Once the screen is wide enough for the sidebar (a rotated tablet, a widened window), the
  // drawer would only trap focus behind nothing: it closes.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(SIDEBAR_MEDIA_QUERY);
    const closeWhenWide = () => {
      if (wide.matches) onOpenChange(false);
    };
    closeWhenWide();
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, [open, onOpenChange]);

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Recent activities"
      actions={<IconButton label="Import activities" icon={<FileUp aria-hidden className="size-5" />} onClick={onImport} />}
    >
      <div className="min-h-0 flex-1 overflow-y-auto px-4 pt-3">
        <HomeActivityList home={home} onImport={onImport} onSelected={() => onOpenChange(false)} showHeader={false} />
      </div>
      <div className="border-t border-line px-4 py-3">
        <UnitsSwitch />
      </div>
      <div className="border-t border-line p-4">
        <ConnectionPanel user={user} />
      </div>
    </Sheet>
  );
}
