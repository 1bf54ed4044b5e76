/** One number of the plan overview. */
export function PlanStat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-5">
      <dt className="text-xs font-semibold tracking-wider text-fg-subtle uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-fg tabular-nums">{value}</dd>
    </div>
  );
}
