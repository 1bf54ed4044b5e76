import { CirclePause } from 'lucide-react';

/**
 * Strava refuses this Kairo's app as a whole (ADR 0067): nothing the athlete can do, and nothing
 * of theirs is lost. The server words the message; no reconnect button, since reconnecting cannot help.
 */
export function StravaPausedBanner({ message }: { message: string }) {
  return (
    // The icon sits on the first line: on a phone the message runs to three (a centred icon floated beside them).
    <div role="status" className="flex items-start gap-3 rounded-xl border border-strava/40 bg-strava/10 px-4 py-3 text-sm text-fg">
      <CirclePause aria-hidden className="mt-0.5 size-4 shrink-0 text-strava" />
      <p className="flex-1">{message}</p>
    </div>
  );
}
