import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import type { AnalysisView } from '../../../shared/api/analysis.ts';
import { COACHING_STYLES } from '../../../shared/domain/coaching-style.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { showToast } from '../../ui/toast-store.ts';
import { useUpdateCoachingStyle } from './api/update-coaching-style.ts';
import { COACHING_STYLE_LOOK } from './coaching-style-look.ts';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';

const CoachingStyleDialog = lazyDialog(() => import('./coaching-style-dialog.tsx').then((module) => module.CoachingStyleDialog));

/** The current style's name and colour; opens the Coaching Style modal and rewrites this analysis in the chosen style. */
export function CoachingStyleButton({ view, disabled }: { view: AnalysisView; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateCoachingStyle(view.activityId);
  const style = view.coachingStyle;
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-label={`Coaching style: ${COACHING_STYLES[style].name}`}
        className="inline-flex h-8 shrink-0 items-center gap-2 rounded-full border border-line-strong bg-surface-raised px-3 text-sm font-semibold text-fg transition-colors hover:border-fg-subtle disabled:opacity-50"
      >
        <span aria-hidden className={clsx('size-2.5 rounded-full', COACHING_STYLE_LOOK[style].dot)} />
        {COACHING_STYLES[style].name}
        <ChevronDown aria-hidden className="size-3.5 text-fg-muted" />
      </button>
      <CoachingStyleDialog
        open={open}
        onOpenChange={setOpen}
        currentStyle={style}
        currentInstructions={view.systemPrompt ?? ''}
        onSave={(choice) =>
          update.mutate(choice, {
            onError: (error) => showToast({ title: userFacingMessage(error, 'Failed to update coaching style'), tone: 'error' }),
          })
        }
      />
    </>
  );
}
