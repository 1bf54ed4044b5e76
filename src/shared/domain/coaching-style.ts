/** Coaching styles: the tone Kai writes an analysis in (spec §3 Coaching styles). Shared by server and web. */
export const coachingStyles = ['chill', 'performance', 'marginal_gains', 'custom'] as const;
export type CoachingStyle = (typeof coachingStyles)[number];

export interface CoachingStyleInfo {
  name: string;
  description: string;
}

export const COACHING_STYLES: Record<CoachingStyle, CoachingStyleInfo> = {
  chill: { name: 'Chill', description: 'Wellness and recovery' },
  performance: { name: 'Performance', description: 'Gradual gains over time' },
  marginal_gains: { name: 'Marginal gains', description: 'Maximising potential' },
  custom: { name: 'Custom', description: 'Own instruction' },
};

/** Spec §3 and §9: the style when none is set. */
export const DEFAULT_COACHING_STYLE: CoachingStyle = 'performance';

/**
 * Spec §3 User settings: the system prompt when the athlete has written none, an expert coach.
 * The athlete's own instructions replace it only with the custom style.
 */
export const DEFAULT_SYSTEM_PROMPT =
  'You are an expert endurance coach. Read the data closely, explain what it means for the athlete, and give specific, practical advice for what comes next.';
