import clsx from 'clsx';

/** A titled bullet list on a card. */
export function PlanListCard({ title, items, className }: { title: string; items: string[]; className?: string }) {
  return (
    <div className={clsx('rounded-2xl border border-line bg-surface p-5', className)}>
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5 text-sm text-fg-muted">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
