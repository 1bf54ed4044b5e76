import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';

interface ProfileSuggestionProps {
  children: ReactNode;
  /** Names the suggestion for assistive tech and tests, e.g. 'Suggested FTP'. */
  label: string;
  /** What the button names, e.g. 'Use 262 W'. */
  actionLabel: string;
  onAccept: () => void;
}

/** A value Kairo read from the athlete's own data, with its evidence, accepted in one click. */
export function ProfileSuggestion({ children, label, actionLabel, onAccept }: ProfileSuggestionProps) {
  return (
    <div role="note" aria-label={label} className="flex items-start gap-3 rounded-lg border border-line bg-surface-raised px-3.5 py-2.5">
      <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-pulse" />
      <p className="min-w-0 flex-1 text-xs text-fg-muted">{children}</p>
      <Button variant="secondary" size="sm" onClick={onAccept} className="shrink-0">
        {actionLabel}
      </Button>
    </div>
  );
}
