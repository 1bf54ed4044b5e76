import { useMutation } from '@tanstack/react-query';
import { DESCRIPTION_CREDIT_LINE, type UpdateDescriptionBody } from '../../../../shared/api/exports.ts';
import { apiRequest } from '../../../lib/api-request.ts';

/** The description a shared section becomes on Strava: the section, a blank line, then Kairo's credit (spec §7). */
export function sharedDescription(sectionText: string): string {
  return `${sectionText.trim()}\n\n${DESCRIPTION_CREDIT_LINE}`;
}

/** PUT /api/activities/{stravaActivityId}/update-description: adds a section to the activity's description on Strava. */
export async function updateStravaDescription(stravaActivityId: string, sectionText: string): Promise<void> {
  const body: UpdateDescriptionBody = { description: sharedDescription(sectionText) };
  await apiRequest('PUT', `/api/activities/${encodeURIComponent(stravaActivityId)}/update-description`, body);
}

export function useUpdateStravaDescription(stravaActivityId: string) {
  return useMutation({ mutationFn: (sectionText: string) => updateStravaDescription(stravaActivityId, sectionText) });
}
