import clsx from 'clsx';

interface ProgressBarProps {
  label: string;
  /** 0 to 1; null while the total is not known yet (the bar then pulses). */
  fraction: number | null;
  className?: string;
}

/** A thin determinate progress bar, or an indeterminate pulse when there is nothing to measure yet. */
export function ProgressBar({ label, fraction, className }: ProgressBarProps) {
  const percent = fraction === null ? null : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      className={clsx('h-1.5 overflow-hidden rounded-full bg-line', className)}
    >
      <div
        className={clsx('h-full rounded-full bg-accent transition-[width] duration-500', percent === null && 'w-1/3 animate-pulse')}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
