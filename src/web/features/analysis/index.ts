/** The analysis feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { AnalysisActions } from './analysis-actions.tsx';
export { AnalysisPanel } from './analysis-panel.tsx';
export { AnalysisSectionsSkeleton } from './analysis-sections-skeleton.tsx';
export { AnalysisSubjectLine } from './analysis-subject-line.tsx';
export { AnalysisText } from './analysis-text.tsx';
export { prefetchActivityAnalysis, removeCachedAnalyses } from './api/activity-analysis.ts';
export { CoachingStyleCards } from './coaching-style-cards.tsx';
