import { DAYS_OF_WEEK, type TrainingPlanView } from '../../../shared/api/training-plans.ts';
import { escapeIcsText as escapeText, foldIcsLine as fold } from '../../../shared/calendar/next-session-ics.ts';

/**
 * The plan as an iCalendar file (RFC 5545): one all-day event per scheduled session, each week's
 * sessions scaled to that week's planned volume. All-day dates need no time zone, and the athlete
 * picks the hour.
 */

const DAY_MS = 86_400_000;

const dateValue = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10).replace(/-/g, '');
const stampValue = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
const clock = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

export function planCalendar(plan: TrainingPlanView, title: string, now: Date): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Kairo//Training plan//EN', 'CALSCALE:GREGORIAN', `X-WR-CALNAME:${escapeText(title)}`];
  const raceWeek = plan.generatedPlan.trainingPlan.raceWeek;
  const race = raceWeek
    ? { start: Date.parse(`${raceWeek.startDate}T00:00:00Z`), day: Date.parse(`${raceWeek.date}T00:00:00Z`), schedule: raceWeek.dailySchedule }
    : null;
  for (const phase of plan.phases) {
    const generated = plan.generatedPlan.trainingPlan.phases.find((candidate) => candidate.key === phase.name);
    const schedule = generated?.dailySchedule ?? [];
    const typicalMin = Math.max(1, ...(generated?.weeks ?? []).filter((w) => w.kind === 'load' || w.kind === 'peak').map((w) => w.targetMin));
    const phaseStart = Date.parse(`${phase.startDate}T00:00:00Z`);
    for (let week = 1; week <= phase.weeks; week++) {
      const plannedWeek = generated?.weeks?.find((candidate) => candidate.week === week);
      const weekStart = phaseStart + (week - 1) * 7 * DAY_MS;
      const scale = plannedWeek ? Math.min(1, plannedWeek.targetMin / typicalMin) : 1;
      for (let offset = 0; offset < 7; offset++) {
        const day = weekStart + offset * DAY_MS;
        // The race week's seven days have their own sessions at their own minutes; after the event the plan rests.
        if (race && day > race.day) continue;
        const inRaceWeek = race !== null && day >= race.start;
        const isRaceDay = inRaceWeek && day === race.day;
        // getUTCDay: 0 is Sunday; DAYS_OF_WEEK starts on Monday.
        const dayName = DAYS_OF_WEEK[(new Date(day).getUTCDay() + 6) % 7];
        const session = (inRaceWeek ? race.schedule : schedule).find((entry) => entry.dayOfWeek === dayName);
        if (!session || (session.durationMin === 0 && !isRaceDay)) continue;
        const minutes = session.activityType.startsWith('Lifting') || inRaceWeek ? session.durationMin : Math.max(5, Math.round((session.durationMin * scale) / 5) * 5);
        const kind = inRaceWeek ? ' (race week)' : plannedWeek && plannedWeek.kind !== 'load' ? ` (${plannedWeek.kind} week)` : '';
        lines.push(
          'BEGIN:VEVENT',
          `UID:${plan.id}-${dateValue(day)}@kairo`,
          `DTSTAMP:${stampValue(now)}`,
          `DTSTART;VALUE=DATE:${dateValue(day)}`,
          `DTEND;VALUE=DATE:${dateValue(day + DAY_MS)}`,
          `SUMMARY:${escapeText(isRaceDay ? `${session.activityType}: ${title}` : `${session.activityType} ${clock(minutes)}`)}`,
          `DESCRIPTION:${escapeText(`${generated?.name ?? phase.name} phase, week ${week}${kind}.\n${session.description}\nZones: ${session.zones}\n${session.notes}`)}`,
          'TRANSP:TRANSPARENT',
          'END:VEVENT',
        );
      }
    }
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
