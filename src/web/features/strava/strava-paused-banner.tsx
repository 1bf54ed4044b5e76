import { CirclePause } from 'lucide-react';

/**
 * Strava refuses this Kairo's app as a whole (ADR 0067): nothing the athlete can do, and nothing
 * of theirs is lost. The server words the message; no reconnect button, since reconnecting cannot help.
 */
export function StravaPausedBanner({ message }: { message: string }) {
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-strava/40 bg-strava/10 px-4 py-3 text-sm text-fg">
      <CirclePause aria-hidden className="size-4 shrink-0 text-strava" />
      <p className="min-w-56 flex-1">{message}</p>
    </div>
  );
}
