import type { ReactNode } from 'react';

interface ProfileHeaderProps {
  greeting: string;
  /** What the profile was built from and when; absent until there is a profile. */
  note?: string;
  action?: ReactNode;
}

/** The page's greeting, the note on the analysed activities and the regenerate button (spec §2). */
export function ProfileHeader({ greeting, note, action }: ProfileHeaderProps) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wider text-fg-subtle uppercase">Athletic profile</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-fg sm:text-3xl">{greeting}</h1>
        {note && <p className="mt-2 max-w-2xl text-sm text-fg-muted">{note}</p>}
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </header>
  );
}
