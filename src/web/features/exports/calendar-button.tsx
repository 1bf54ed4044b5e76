import { CalendarPlus } from 'lucide-react';
import type { AnalysisView } from '../../../shared/api/analysis.ts';
import { Button } from '../../ui/button.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { nextSessionCalendarFile } from './next-session-calendar.ts';
import { saveFile } from './save-file.ts';

/** The next session as a calendar event (.ics, built on the device, spec §7). */
export function CalendarButton({ view }: { view: AnalysisView }) {
  function addToCalendar() {
    try {
      const file = nextSessionCalendarFile(view, new Date());
      saveFile(new Blob([file.content], { type: 'text/calendar;charset=utf-8' }), file.fileName);
      showToast({ title: 'Calendar event created! Workout added to your calendar.' });
    } catch (error) {
      console.warn('Calendar file failed:', error);
      showToast({ title: 'Failed to create calendar event. Please try again.', tone: 'error' });
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={addToCalendar}>
      <CalendarPlus aria-hidden className="size-4" />
      Add to calendar
    </Button>
  );
}
