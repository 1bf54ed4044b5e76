import clsx from 'clsx';
import { KeyRound, LogOut, Unplug } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { AuthUser } from '../../../shared/api/auth.ts';
import type { StravaStatus } from '../../../shared/api/strava.ts';
import { Button } from '../../ui/button.tsx';
import { buttonClasses } from '../../ui/button-classes.ts';
import { DeleteAccountButton } from '../account-deletion/index.ts';
import { DownloadDataButton } from '../data-export/index.ts';
import { useLogout } from '../auth/index.ts';
import { useStravaStatus } from './api/strava-status.ts';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';
import { STRAVA_CONNECT_PATH } from './strava-connect-path.ts';

const DisconnectStravaDialog = lazyDialog(() => import('./disconnect-strava-dialog.tsx').then((module) => module.DisconnectStravaDialog));

/** Up to two initials for the avatar, from the name the athlete gave. */
function initialsOf(user: AuthUser): string {
  const parts = [user.firstName, user.lastName].filter((part): part is string => Boolean(part?.trim()));
  const source = parts.length > 0 ? parts : [user.name || user.email];
  return source
    .map((part) => part.trim().charAt(0).toUpperCase())
    .join('')
    .slice(0, 2);
}

type Link = 'loading' | 'connected' | 'broken' | 'none';

function linkOf(status: StravaStatus | undefined): Link {
  if (status === undefined) return 'loading';
  if (status.connected) return 'connected';
  return status.status === 'broken' ? 'broken' : 'none';
}

const linkText: Record<Link, string> = {
  loading: 'Checking Strava...',
  connected: 'Connected to Strava',
  broken: 'Strava connection lost',
  none: 'Not connected',
};

const dotColour: Record<Link, string> = {
  loading: 'bg-fg-subtle',
  connected: 'bg-success',
  broken: 'bg-danger',
  none: 'bg-fg-subtle',
};

/**
 * The sidebar's bottom panel for a signed-in athlete (spec §2): who is signed in, whether Strava
 * is connected (with the way to connect, or to disconnect), and Sign Out.
 */
export function ConnectionPanel({ user }: { user: AuthUser }) {
  const logout = useLogout();
  const { data: status } = useStravaStatus();
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);
  const link = linkOf(status);
  const canDisconnect = link === 'connected' || link === 'broken';

  return (
    <section aria-label="Account" className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-raised text-sm font-bold text-fg ring-1 ring-line-strong">
          {initialsOf(user)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-fg">{user.name || user.email}</p>
          <p className="flex items-center gap-1.5 text-xs text-fg-muted">
            <span aria-hidden className={clsx('size-2 shrink-0 rounded-full', dotColour[link])} />
            <span className="truncate">
              {linkText[link]}
              {link === 'connected' && status?.demo && ' (demo)'}
            </span>
          </p>
        </div>
      </div>
      {(link === 'none' || link === 'broken') && (
        <a href={STRAVA_CONNECT_PATH} className={buttonClasses({ variant: 'strava', size: 'sm', fullWidth: true })}>
          {link === 'broken' ? 'Reconnect Strava' : 'Connect Strava'}
        </a>
      )}
      <Button variant="secondary" size="sm" fullWidth onClick={() => logout.mutate()} disabled={logout.isPending}>
        <LogOut aria-hidden className="size-4" />
        {logout.isPending ? 'Signing Out...' : 'Sign Out'}
      </Button>
      {canDisconnect && (
        <button
          type="button"
          onClick={() => setConfirmingDisconnect(true)}
          className="flex items-center justify-center gap-1.5 self-center rounded text-xs font-medium text-fg-subtle transition-colors hover:text-danger"
        >
          <Unplug aria-hidden className="size-3.5" />
          Disconnect Strava
        </button>
      )}
      <DisconnectStravaDialog open={confirmingDisconnect} onOpenChange={setConfirmingDisconnect} />
      <Link
        href="/settings/api"
        className="flex items-center justify-center gap-1.5 self-center rounded text-xs font-medium text-fg-subtle transition-colors hover:text-fg"
      >
        <KeyRound aria-hidden className="size-3.5" />
        API access
      </Link>
      <DownloadDataButton />
      <DeleteAccountButton />
    </section>
  );
}
