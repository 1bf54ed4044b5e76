import clsx from 'clsx';
import { useId } from 'react';
import { COACHING_STYLES, coachingStyles, type CoachingStyle } from '../../../shared/domain/coaching-style.ts';

interface CoachingStyleCardsProps {
  value: CoachingStyle;
  onChange: (style: CoachingStyle) => void;
  customInstructions: string;
  onCustomInstructionsChange: (text: string) => void;
}

/** The four coaching styles as cards (spec §2 Dialogs), and the custom instructions when Custom is chosen. */
export function CoachingStyleCards({ value, onChange, customInstructions, onCustomInstructionsChange }: CoachingStyleCardsProps) {
  const name = useId();
  const instructionsId = `${name}-instructions`;
  return (
    <div className="flex flex-col gap-3">
      <div role="radiogroup" aria-label="Coaching style" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {coachingStyles.map((style) => {
          const checked = style === value;
          return (
            <label
              key={style}
              className={clsx(
                'flex cursor-pointer flex-col gap-1 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
                checked ? 'border-accent bg-accent/10' : 'border-line-strong hover:border-fg-subtle',
              )}
            >
              <input type="radio" name={name} value={style} checked={checked} onChange={() => onChange(style)} className="sr-only" />
              <span className={clsx('text-sm font-semibold', checked ? 'text-accent' : 'text-fg')}>{COACHING_STYLES[style].name}</span>
              <span className="text-xs text-fg-muted">{COACHING_STYLES[style].description}</span>
            </label>
          );
        })}
      </div>
      {value === 'custom' && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={instructionsId} className="text-sm font-medium text-fg">
            Custom instructions
          </label>
          <textarea
            id={instructionsId}
            value={customInstructions}
            onChange={(event) => onCustomInstructionsChange(event.target.value)}
            rows={4}
            placeholder="How should your coach talk to you?"
            className="w-full rounded-lg border border-line-strong bg-canvas px-3.5 py-2.5 text-base text-fg placeholder:text-fg-subtle hover:border-fg-subtle sm:text-sm"
          />
          <p className="text-xs text-fg-muted">Be specific about the tone, the focus areas and the style you want.</p>
        </div>
      )}
    </div>
  );
}
