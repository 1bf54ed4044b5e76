import { TriangleAlert } from 'lucide-react';
import { buttonClasses } from '../../ui/button-classes.ts';
import { STRAVA_CONNECT_PATH } from './strava-connect-path.ts';

/** Strava stopped accepting Kairo's tokens: the activities stay, new ones wait for a reconnect. */
export function StravaBrokenBanner() {
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-strava/40 bg-strava/10 px-4 py-3 text-sm text-fg">
      <TriangleAlert aria-hidden className="size-4 shrink-0 text-strava" />
      <p className="min-w-56 flex-1">Kairo lost its connection to Strava, so new activities are not arriving. Reconnect to pick up where it left off.</p>
      <a href={STRAVA_CONNECT_PATH} className={buttonClasses({ variant: 'strava', size: 'sm' })}>
        Reconnect Strava
      </a>
    </div>
  );
}
