import { Check } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Spinner } from '../../ui/spinner.tsx';
import { PoweredByStrava } from './powered-by-strava.tsx';
import { redirectDelayMs } from './success-redirect.ts';

/** Where Strava's consent flow lands after a successful connection. */
export function StravaSuccessScreen() {
  const [, navigate] = useLocation();

  useEffect(() => {
    const landing = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const timer = setTimeout(() => navigate('/', { replace: true }), redirectDelayMs(landing, performance.now()));
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <main className="flex min-h-svh items-center justify-center px-4">
      <div className="flex w-full max-w-md animate-rise flex-col items-center rounded-2xl border border-line bg-surface p-8 text-center shadow-xl shadow-black/20">
        <span className="flex size-16 items-center justify-center rounded-full bg-success/15 ring-1 ring-success/40">
          <Check aria-hidden className="size-8 text-success" />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-fg">Connected Successfully!</h1>
        <p className="mt-2 text-fg-muted">
          Your Strava account is now linked to Kairo. We are redirecting you so you can start analyzing your activities.
        </p>
        <p role="status" className="mt-6 flex items-center gap-2 text-sm font-medium text-fg-muted">
          <Spinner className="size-4" />
          Redirecting...
        </p>
        <PoweredByStrava className="mt-8" />
      </div>
    </main>
  );
}
