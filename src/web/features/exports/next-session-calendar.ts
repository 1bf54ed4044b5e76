import type { AnalysisView } from '../../../shared/api/analysis.ts';
import { nextSessionEvent, nextSessionIcsFileName } from '../../../shared/calendar/next-session-ics.ts';

export interface CalendarFile {
  fileName: string;
  content: string;
}

/** The calendar file (.ics) for Kai's next session, in the browser's own time zone (spec §7, §9). */
export function nextSessionCalendarFile(
  analysis: AnalysisView,
  now: Date,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
  /** The athlete's day the session is for (the day plan, ADR 0068); absent: the day after `now`. */
  day?: string,
): CalendarFile {
  const event = nextSessionEvent({
    recommendationText: analysis.nextActivity,
    sport: analysis.nextSession.sport,
    // The same name as the session's .zwo and as shown under Next session: one session, one name.
    title: analysis.nextSession.title,
    activityId: analysis.activityId,
    timeZone,
    now,
    ...(day ? { day } : {}),
  });
  return { fileName: nextSessionIcsFileName(event.title, event.start), content: event.ics };
}
