import { DEFAULT_WORKOUT_FILE_NAME } from '../../../../shared/api/exports.ts';
import { sendRequest } from '../../../lib/api-request.ts';
import { fileNameFromContentDisposition } from '../content-disposition.ts';
import { saveFile } from '../save-file.ts';

export const WORKOUT_FILE_FAILED = 'Failed to generate workout file. Please try again.';

/** The failure text for the toast: the server's `error` field when it sent one (spec §7, §8). */
export async function workoutFileError(response: Response): Promise<Error> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' && body.error.trim()) {
      return new Error(body.error);
    }
  } catch {
    // Not JSON: the generic text says it better than a proxy's error page would.
  }
  return new Error(WORKOUT_FILE_FAILED);
}

/** POST /api/activities/{id}/generate-zwift-workout (Pro): the next session as a .zwo file, saved to downloads. */
export async function downloadWorkoutFile(activityId: string): Promise<string> {
  const response = await sendRequest('POST', `/api/activities/${encodeURIComponent(activityId)}/generate-zwift-workout`);
  if (!response.ok) throw await workoutFileError(response);
  const fileName = fileNameFromContentDisposition(response.headers.get('content-disposition'), DEFAULT_WORKOUT_FILE_NAME);
  saveFile(await response.blob(), fileName);
  return fileName;
}
