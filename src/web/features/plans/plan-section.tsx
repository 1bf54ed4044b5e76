import type { ReactNode } from 'react';

/** A titled section of the plan view; its id is the table of contents' anchor. */
export function PlanSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6">
      <h2 id={`${id}-heading`} className="mb-3 text-lg font-semibold tracking-tight text-fg">
        {title}
      </h2>
      {children}
    </section>
  );
}
