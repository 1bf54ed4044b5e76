/** The day plan on screen (ADR 0068): today and tomorrow, and an analysis's next session against tomorrow's decision. */
export { DayPlanCard } from './day-plan-card.tsx';
export { NextSessionNow, decidedAsSuggested, filesDay } from './next-session-now.tsx';
export { dayPlanQueryKey } from './api/day-plan.ts';
