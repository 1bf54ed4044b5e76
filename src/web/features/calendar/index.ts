/** The calendar's public face (issue 30): the screen, which the router loads when /calendar is opened. */
export { CalendarScreen } from './calendar-screen.tsx';
