import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  activityFeel,
  readinessAnswer,
  wellnessDayAnswer,
  wellnessImportAnswer,
  type ActivityFeel,
  type ReadinessAnswer,
  type WellnessDayAnswer,
  type WellnessDayBody,
  type WellnessImportAnswer,
} from '../../../../shared/api/wellness.ts';
import { apiRequest, readJson, throwIfNotOk } from '../../../lib/api-request.ts';

const wellnessQueryKey = ['/api/wellness'] as const;
export const readinessQueryKey = ['/api/readiness'] as const;
export const wellnessDayQueryKey = (date: string) => [...wellnessQueryKey, date] as const;
const feelQueryKey = (activityId: string) => ['/api/activities', activityId, 'feel'] as const;

/** GET /api/wellness/:date. */
export async function fetchWellnessDay(date: string, signal?: AbortSignal): Promise<WellnessDayAnswer> {
  return readJson(await apiRequest('GET', `/api/wellness/${encodeURIComponent(date)}`, undefined, { signal }), wellnessDayAnswer);
}

export function useWellnessDay(date: string) {
  return useQuery({ queryKey: wellnessDayQueryKey(date), queryFn: ({ signal }) => fetchWellnessDay(date, signal) });
}

/** PUT /api/wellness/:date: the day as a whole. */
export async function saveWellnessDay(date: string, body: WellnessDayBody): Promise<WellnessDayAnswer> {
  return readJson(await apiRequest('PUT', `/api/wellness/${encodeURIComponent(date)}`, body), wellnessDayAnswer);
}

/** A saved day changes readiness, from that day on. */
export function useSaveWellnessDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, body }: { date: string; body: WellnessDayBody }) => saveWellnessDay(date, body),
    onSuccess: async (saved, { date }) => {
      queryClient.setQueryData(wellnessDayQueryKey(date), saved);
      await queryClient.invalidateQueries({ queryKey: readinessQueryKey });
    },
  });
}

/** POST /api/wellness/import: the file as it is, sent as text/csv. */
export async function importWellnessCsv(file: Blob): Promise<WellnessImportAnswer> {
  const response = await fetch('/api/wellness/import', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'text/csv' },
    body: file,
  });
  await throwIfNotOk(response);
  return readJson(response, wellnessImportAnswer);
}

export function useImportWellnessCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importWellnessCsv,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: wellnessQueryKey });
      await queryClient.invalidateQueries({ queryKey: readinessQueryKey });
    },
  });
}

/** GET /api/readiness for the athlete's today (their own calendar day) and the 8 weeks up to it. */
export async function fetchReadiness(date: string, signal?: AbortSignal): Promise<ReadinessAnswer> {
  const query = new URLSearchParams({ date, days: '56' });
  return readJson(await apiRequest('GET', `/api/readiness?${query.toString()}`, undefined, { signal }), readinessAnswer);
}

/**
 * Stale at once, like the fitness chart (useFitness): readiness reads the same fitness series, so
 * Home's form and the chart's are of the same moment (ADR 0071), also right after a history is scored.
 */
export function useReadiness(date: string) {
  return useQuery({ queryKey: [...readinessQueryKey, date], queryFn: ({ signal }) => fetchReadiness(date, signal), staleTime: 0 });
}

/** GET /api/activities/:id/feel. */
export async function fetchActivityFeel(activityId: string, signal?: AbortSignal): Promise<ActivityFeel> {
  return readJson(await apiRequest('GET', `/api/activities/${encodeURIComponent(activityId)}/feel`, undefined, { signal }), activityFeel);
}

export function useActivityFeel(activityId: string) {
  return useQuery({ queryKey: feelQueryKey(activityId), queryFn: ({ signal }) => fetchActivityFeel(activityId, signal) });
}

/** PUT /api/activities/:id/feel. */
export async function saveActivityFeel(activityId: string, feel: ActivityFeel): Promise<ActivityFeel> {
  return readJson(await apiRequest('PUT', `/api/activities/${encodeURIComponent(activityId)}/feel`, feel), activityFeel);
}

export function useSaveActivityFeel(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feel: ActivityFeel) => saveActivityFeel(activityId, feel),
    onSuccess: (saved) => queryClient.setQueryData(feelQueryKey(activityId), saved),
  });
}

