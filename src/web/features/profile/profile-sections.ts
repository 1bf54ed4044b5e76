import { Flag, Gauge, Sparkles, Target, TrendingUp, UserRound, Zap, type LucideIcon } from 'lucide-react';
import type { AthleticProfile } from '../../../shared/api/athletic-profile.ts';

type ProseKey = keyof Pick<AthleticProfile, 'signatureEdge' | 'athleteIdentity' | 'recentImprovements' | 'performanceStrengths' | 'performanceLimiters'>;

export interface ProfileSectionInfo {
  id: string;
  title: string;
  icon: LucideIcon;
}

export type ProseSectionInfo = ProfileSectionInfo & { field: ProseKey };

/** The first section, set apart on the page. */
export const SIGNATURE_EDGE_SECTION: ProseSectionInfo = { field: 'signatureEdge', id: 'signature-edge', title: 'Your Signature Edge', icon: Sparkles };

/** The other prose sections, in the spec's order (§2 Profile). */
export const PROSE_SECTIONS: ProseSectionInfo[] = [
  { field: 'athleteIdentity', id: 'athlete-identity', title: 'Who You Are as an Athlete', icon: UserRound },
  { field: 'recentImprovements', id: 'recent-improvements', title: 'Recent Improvements', icon: TrendingUp },
  { field: 'performanceStrengths', id: 'performance-strengths', title: 'Performance Strengths', icon: Zap },
  { field: 'performanceLimiters', id: 'performance-limiters', title: 'Performance Limiters', icon: Gauge },
];

export const GOALS_SECTION: ProfileSectionInfo = { id: 'fitness-goals', title: 'Fitness goals that suits you', icon: Target };
export const EVENTS_SECTION: ProfileSectionInfo = { id: 'events', title: 'Events That Fit Your Profile', icon: Flag };

/** Every section, for the sidebar's contents. */
export const ALL_SECTIONS: ProfileSectionInfo[] = [SIGNATURE_EDGE_SECTION, ...PROSE_SECTIONS, GOALS_SECTION, EVENTS_SECTION];
