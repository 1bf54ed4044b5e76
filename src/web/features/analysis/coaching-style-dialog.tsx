import clsx from 'clsx';
import { useId, useState } from 'react';
import { COACHING_STYLES, coachingStyles, type CoachingStyle } from '../../../shared/domain/coaching-style.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { CoachingStyleChoice } from './api/update-coaching-style.ts';
import { COACHING_STYLE_LOOK } from './coaching-style-look.ts';

interface CoachingStyleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentStyle: CoachingStyle;
  currentInstructions: string;
  /** Called only when there is something to save (spec §5). */
  onSave: (choice: CoachingStyleChoice) => void;
}

/** The Coaching Style modal (spec §2, §4, §5): four styles, and the athlete's own instructions for Custom. */
export function CoachingStyleDialog({ open, onOpenChange, currentStyle, currentInstructions, onSave }: CoachingStyleDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Coaching Style"
      description="Choose how Kai coaches you in this analysis."
      className="sm:max-w-xl"
    >
      {/* Mounted only while open, so every opening starts again from the current style (spec §4). */}
      <CoachingStyleForm
        currentStyle={currentStyle}
        currentInstructions={currentInstructions}
        onCancel={() => onOpenChange(false)}
        onSave={(choice) => {
          onOpenChange(false);
          if (choice) onSave(choice);
        }}
      />
    </Dialog>
  );
}

interface CoachingStyleFormProps {
  currentStyle: CoachingStyle;
  currentInstructions: string;
  onCancel: () => void;
  /** null: nothing changed, just close. */
  onSave: (choice: CoachingStyleChoice | null) => void;
}

function CoachingStyleForm({ currentStyle, currentInstructions, onCancel, onSave }: CoachingStyleFormProps) {
  const [style, setStyle] = useState(currentStyle);
  const [instructions, setInstructions] = useState(currentInstructions);
  const instructionsId = useId();
  const helpId = useId();
  const trimmed = instructions.trim();
  const customWithoutText = style === 'custom' && trimmed === '';

  function save() {
    const changed = style !== currentStyle || (style === 'custom' && trimmed !== '');
    if (!changed) return onSave(null);
    onSave(style === 'custom' ? { coachingStyle: style, systemPrompt: trimmed } : { coachingStyle: style });
  }

  return (
    <form
      className="mt-6 flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <fieldset>
        <legend className="sr-only">Coaching style</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {coachingStyles.map((option) => {
            const info = COACHING_STYLES[option];
            const checked = option === style;
            return (
              <label
                key={option}
                className={clsx(
                  'flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
                  checked ? COACHING_STYLE_LOOK[option].selected : 'border-line-strong hover:border-fg-subtle',
                )}
              >
                <input type="radio" name="coaching-style" value={option} checked={checked} onChange={() => setStyle(option)} className="sr-only" />
                <span aria-hidden className={clsx('mt-1.5 size-2.5 shrink-0 rounded-full', COACHING_STYLE_LOOK[option].dot)} />
                <span className="flex flex-col">
                  <span className="font-semibold text-fg">{info.name}</span>
                  <span className="text-sm text-fg-muted">{info.description}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {style === 'custom' && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={instructionsId} className="text-sm font-medium text-fg">
            Custom instructions
          </label>
          <textarea
            id={instructionsId}
            aria-describedby={helpId}
            value={instructions}
            onChange={(event) => setInstructions(event.target.value)}
            rows={5}
            placeholder="e.g. Talk to me like a training partner, focus on pacing and keep it short."
            className="w-full resize-y rounded-lg border border-line-strong bg-canvas px-3.5 py-2.5 text-base text-fg placeholder:text-fg-subtle hover:border-fg-subtle focus-visible:outline-offset-0 sm:text-sm"
          />
          <p id={helpId} className="text-xs text-fg-muted">
            Be specific about the tone, focus areas and style you want from Kai.
          </p>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={customWithoutText}>
          Save
        </Button>
      </div>
    </form>
  );
}
