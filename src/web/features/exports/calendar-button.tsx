import { CalendarPlus } from 'lucide-react';
import type { AnalysisView } from '../../../shared/api/analysis.ts';
import { Button } from '../../ui/button.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { saveFile } from './save-file.ts';

/** What the toast says once the file is saved: the browser downloaded it; nothing was added anywhere yet. */
export function calendarDownloadedMessage(fileName: string): string {
  return `Calendar file downloaded: open ${fileName} to add the workout to your calendar.`;
}

/**
 * The next session as a calendar event (.ics, built on the device, spec §7), on `day` (the athlete's
 * YYYY-MM-DD the day plan decided it for, ADR 0068), else the day after today (spec §9).
 */
export function CalendarButton({ view, day }: { view: AnalysisView; day?: string | undefined }) {
  async function addToCalendar() {
    try {
      // The .ics writer loads on the click: most visits to Home never need it.
      const { nextSessionCalendarFile } = await import('./next-session-calendar.ts');
      const file = nextSessionCalendarFile(view, new Date(), undefined, day);
      saveFile(new Blob([file.content], { type: 'text/calendar;charset=utf-8' }), file.fileName);
      showToast({ title: calendarDownloadedMessage(file.fileName) });
    } catch (error) {
      console.warn('Calendar file failed:', error);
      showToast({ title: 'Failed to create calendar event. Please try again.', tone: 'error' });
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void addToCalendar()}>
      <CalendarPlus aria-hidden className="size-4" />
      Add to calendar
    </Button>
  );
}
