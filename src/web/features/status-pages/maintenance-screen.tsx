import { Wrench } from 'lucide-react';
import { useAppInfo } from '../../lib/app-info.ts';
import { socialSiteName } from '../../lib/community-links.ts';
import { KairoLogo } from '../../ui/kairo-logo.tsx';

/** Shown while Kairo is down for maintenance; points athletes to where the operator posts updates, when configured (SOCIAL_URL). */
export function MaintenanceScreen() {
  const socialUrl = useAppInfo().data?.socialUrl ?? null;
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-10 px-4 text-center">
      <KairoLogo variant="full" />
      <div className="flex max-w-lg flex-col items-center">
        <span className="flex size-14 items-center justify-center rounded-2xl border border-line-strong bg-surface-raised">
          <Wrench aria-hidden className="size-7 text-accent" />
        </span>
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-fg sm:text-4xl">Kairo is undergoing maintenance</h1>
        <p className="mt-3 text-fg-muted">
          We are tuning things up and will be back shortly. Your activities, analyses and plans are safe.
        </p>
        {socialUrl !== null && (
          <p className="mt-6 text-sm text-fg-muted">
            For updates, follow us on{' '}
            <a href={socialUrl} target="_blank" rel="noreferrer" className="font-semibold text-accent underline-offset-4 hover:underline">
              {socialSiteName(socialUrl)}
            </a>
            .
          </p>
        )}
      </div>
    </main>
  );
}
