import type { ReactNode } from 'react';

/** One titled part of the coaching profile. */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-xs font-semibold tracking-wider text-fg-subtle uppercase">{title}</h3>
      {children}
    </section>
  );
}
