import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  calendarFeedCreated,
  calendarFeedStatus,
  planSessionFiles,
  type CalendarFeedCreated,
  type WorkoutFormat,
} from '../../../../shared/api/plan-files.ts';
import { apiRequest, readJson, sendRequest } from '../../../lib/api-request.ts';
import { fileNameFromContentDisposition, saveFile, workoutFileError } from '../../exports/index.ts';

/** ADR 0039, 0040: a plan's session files and its calendar feed. */

const planPath = (planId: string) => `/api/training-plans/${encodeURIComponent(planId)}`;
const feedKey = (planId: string) => ['/api/training-plans', planId, 'calendar-feed'] as const;

/** GET /api/training-plans/{id}/sessions: today and the next 13 days, with the files each offers. */
export function usePlanSessionFiles(planId: string) {
  return useQuery({
    queryKey: ['/api/training-plans', planId, 'sessions'],
    queryFn: async ({ signal }) => readJson(await apiRequest('GET', `${planPath(planId)}/sessions`, undefined, { signal }), planSessionFiles),
    retry: false,
  });
}

/** GET .../sessions/{date}/workout.{format} (Pro): saved to downloads; the file's name. */
export async function downloadSessionFile(planId: string, date: string, format: WorkoutFormat): Promise<string> {
  const response = await sendRequest('GET', `${planPath(planId)}/sessions/${date}/workout.${format}`);
  if (!response.ok) throw await workoutFileError(response);
  const fileName = fileNameFromContentDisposition(response.headers.get('content-disposition'), `workout.${format}`);
  saveFile(await response.blob(), fileName);
  return fileName;
}

export function useCalendarFeed(planId: string) {
  return useQuery({
    queryKey: feedKey(planId),
    queryFn: async ({ signal }) => readJson(await apiRequest('GET', `${planPath(planId)}/calendar-feed`, undefined, { signal }), calendarFeedStatus),
    retry: false,
  });
}

/** POST makes a new feed URL (replacing any earlier one); the URL is in this answer only. */
export function useCreateCalendarFeed(planId: string, onCreated: (created: CalendarFeedCreated) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => readJson(await apiRequest('POST', `${planPath(planId)}/calendar-feed`), calendarFeedCreated),
    onSuccess: async (created) => {
      onCreated(created);
      await queryClient.invalidateQueries({ queryKey: feedKey(planId) });
    },
  });
}

export function useRevokeCalendarFeed(planId: string, onRevoked: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', `${planPath(planId)}/calendar-feed`);
    },
    onSuccess: async () => {
      onRevoked();
      await queryClient.invalidateQueries({ queryKey: feedKey(planId) });
    },
  });
}
