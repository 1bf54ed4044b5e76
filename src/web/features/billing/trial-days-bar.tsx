interface TrialDaysBarProps {
  daysLeft: number;
  trialLength: number;
}

/** How much of the trial is left, as a bar that empties day by day. */
export function TrialDaysBar({ daysLeft, trialLength }: TrialDaysBarProps) {
  const shown = Math.min(daysLeft, trialLength);
  return (
    <div
      role="progressbar"
      aria-label="Trial days left"
      aria-valuemin={0}
      aria-valuemax={trialLength}
      aria-valuenow={shown}
      className="mt-3 h-1.5 overflow-hidden rounded-full bg-line"
    >
      <div className="h-full rounded-full bg-accent" style={{ width: `${(shown / trialLength) * 100}%` }} />
    </div>
  );
}
