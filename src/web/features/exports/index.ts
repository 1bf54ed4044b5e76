/** The exports feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { workoutFileError } from './api/generate-workout-file.ts';
export { useUpdateStravaDescription } from './api/update-strava-description.ts';
export { CalendarButton } from './calendar-button.tsx';
export { fileNameFromContentDisposition } from './content-disposition.ts';
export { ExportContextButton } from './export-context-button.tsx';
export { saveFile } from './save-file.ts';
export { DESKTOP_QUERY, WorkoutFileButton } from './workout-file-button.tsx';
export { WorkoutFileHelpDialog } from './workout-file-help-dialog.tsx';
