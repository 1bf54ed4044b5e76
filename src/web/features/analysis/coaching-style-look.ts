import type { CoachingStyle } from '../../../shared/domain/coaching-style.ts';

/** Each style's colour: a dot and a tinted border, written out in full so Tailwind keeps the classes. */
export const COACHING_STYLE_LOOK: Record<CoachingStyle, { dot: string; selected: string }> = {
  chill: { dot: 'bg-sky-300', selected: 'border-sky-300 bg-sky-300/10' },
  performance: { dot: 'bg-accent', selected: 'border-accent bg-accent/10' },
  marginal_gains: { dot: 'bg-violet-300', selected: 'border-violet-300 bg-violet-300/10' },
  custom: { dot: 'bg-amber-300', selected: 'border-amber-300 bg-amber-300/10' },
};
