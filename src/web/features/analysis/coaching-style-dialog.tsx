import { useState } from 'react';
import type { CoachingStyle } from '../../../shared/domain/coaching-style.ts';
import type { DialogOpenState } from '../../ui/dialog.tsx';
import { DialogForm } from '../../ui/dialog-form.tsx';
import { FormDialog, type FormDialogActions } from '../../ui/form-dialog.tsx';
import type { CoachingStyleChoice } from './api/update-coaching-style.ts';
import { CoachingStyleCards } from './coaching-style-cards.tsx';

interface CoachingStyleDialogProps extends DialogOpenState {
  currentStyle: CoachingStyle;
  currentInstructions: string;
  /** Called only when there is something to save (spec §5). */
  onSave: (choice: CoachingStyleChoice) => void;
}

/** The Coaching Style modal (spec §2, §4, §5): four styles, and the athlete's own instructions for Custom; every opening starts again from the current style. */
export function CoachingStyleDialog({ currentStyle, currentInstructions, onSave, ...openState }: CoachingStyleDialogProps) {
  return (
    <FormDialog<CoachingStyleChoice | null>
      {...openState}
      onSave={(choice) => {
        if (choice) onSave(choice);
      }}
      title="Coaching Style"
      description="Choose how Kai coaches you in this analysis."
      className="sm:max-w-xl"
    >
      {(actions) => <CoachingStyleForm currentStyle={currentStyle} currentInstructions={currentInstructions} {...actions} />}
    </FormDialog>
  );
}

/** Saves null when nothing changed: the dialog just closes. */
interface CoachingStyleFormProps extends FormDialogActions<CoachingStyleChoice | null> {
  currentStyle: CoachingStyle;
  currentInstructions: string;
}

function CoachingStyleForm({ currentStyle, currentInstructions, onCancel, onSave }: CoachingStyleFormProps) {
  const [style, setStyle] = useState(currentStyle);
  const [instructions, setInstructions] = useState(currentInstructions);
  const trimmed = instructions.trim();
  const customWithoutText = style === 'custom' && trimmed === '';

  function save() {
    const changed = style !== currentStyle || (style === 'custom' && trimmed !== '');
    if (!changed) return onSave(null);
    onSave(style === 'custom' ? { coachingStyle: style, systemPrompt: trimmed } : { coachingStyle: style });
  }

  return (
    <DialogForm onSave={save} onCancel={onCancel} saveDisabled={customWithoutText}>
      <CoachingStyleCards value={style} onChange={setStyle} customInstructions={instructions} onCustomInstructionsChange={setInstructions} />
    </DialogForm>
  );
}
