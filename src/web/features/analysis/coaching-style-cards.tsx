import clsx from 'clsx';
import { useId } from 'react';
import { COACHING_STYLES, coachingStyles, type CoachingStyle } from '../../../shared/domain/coaching-style.ts';
import { TextArea } from '../../ui/text-area.tsx';
import { COACHING_STYLE_LOOK } from './coaching-style-look.ts';

interface CoachingStyleCardsProps {
  value: CoachingStyle;
  onChange: (style: CoachingStyle) => void;
  customInstructions: string;
  onCustomInstructionsChange: (text: string) => void;
}

/**
 * The coaching-style picker (spec §2 Dialogs), in the Coaching Style modal and the coaching profile:
 * the four styles as cards in their own colours, and the custom instructions when Custom is chosen.
 */
export function CoachingStyleCards({ value, onChange, customInstructions, onCustomInstructionsChange }: CoachingStyleCardsProps) {
  const name = useId();
  return (
    <div className="flex flex-col gap-4">
      <div role="radiogroup" aria-label="Coaching style" className="grid gap-2.5 sm:grid-cols-2">
        {coachingStyles.map((style) => {
          const checked = style === value;
          return (
            <label
              key={style}
              className={clsx(
                'flex cursor-pointer items-start gap-3 rounded-xl border p-3.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
                checked ? COACHING_STYLE_LOOK[style].selected : 'border-line-strong hover:border-fg-subtle',
              )}
            >
              <input type="radio" name={name} value={style} checked={checked} onChange={() => onChange(style)} className="sr-only" />
              <span aria-hidden className={clsx('mt-1.5 size-2.5 shrink-0 rounded-full', COACHING_STYLE_LOOK[style].dot)} />
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold text-fg">{COACHING_STYLES[style].name}</span>
                <span className="text-sm text-fg-muted">{COACHING_STYLES[style].description}</span>
              </span>
            </label>
          );
        })}
      </div>
      {value === 'custom' && (
        <TextArea
          label="Custom instructions"
          value={customInstructions}
          onChange={onCustomInstructionsChange}
          rows={4}
          placeholder="e.g. Talk to me like a training partner, focus on pacing and keep it short."
          help="Be specific about the tone, focus areas and style you want from Kai."
        />
      )}
    </div>
  );
}
