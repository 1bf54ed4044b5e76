/** CP and W′ of the athlete's best power curve: the two numbers that sum up what it says about them. */
export function CriticalPowerLine({ criticalPowerW, wPrimeJ, days }: { criticalPowerW: number; wPrimeJ: number; days: number }) {
  return (
    <p className="text-xs text-fg-muted">
      <span className="font-semibold text-fg">Critical power {criticalPowerW} W</span>
      {' · '}
      <span className="font-semibold text-fg">W′ {(wPrimeJ / 1000).toFixed(1)} kJ</span>, fitted to your best 3–20 min of the last {days} days
    </p>
  );
}
