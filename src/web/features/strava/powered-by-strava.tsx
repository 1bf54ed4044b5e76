import clsx from 'clsx';

/** The "Powered by Strava" credit Strava asks apps to show, set in type (no remote logo under the CSP). */
export function PoweredByStrava({ className }: { className?: string }) {
  return (
    <span role="img" aria-label="Powered by Strava" className={clsx('inline-flex flex-col items-center leading-none', className)}>
      <span className="text-[0.625rem] font-semibold tracking-[0.25em] text-fg-muted">POWERED BY</span>
      <span className="mt-1 text-xl font-black tracking-tight text-strava italic">STRAVA</span>
    </span>
  );
}
