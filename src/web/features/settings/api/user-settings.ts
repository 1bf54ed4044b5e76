import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { userSettings, type UserSettings, type UserSettingsUpdate } from '../../../../shared/api/settings.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { removeCachedAnalyses } from '../../analysis/index.ts';
import { useAuth } from '../../auth/index.ts';

export const userSettingsQueryKey = ['/api/user/settings'] as const;

/** GET /api/user/settings. */
export async function fetchUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  return readJson(await apiRequest('GET', '/api/user/settings', undefined, { signal }), userSettings);
}

/** PUT /api/user/settings: the coaching style, the units, or the whole coaching profile. */
export async function updateUserSettings(update: UserSettingsUpdate): Promise<UserSettings> {
  return readJson(await apiRequest('PUT', '/api/user/settings', update), userSettings);
}

/** Spec §7/§9: cached 5 minutes, fetched only when signed in. */
export function useUserSettings() {
  const auth = useAuth();
  return useQuery({
    queryKey: userSettingsQueryKey,
    queryFn: ({ signal }) => fetchUserSettings(signal),
    staleTime: 5 * 60_000,
    enabled: auth.status === 'authenticated',
  });
}

/**
 * Spec §7: a saved change refreshes the settings and drops every cached analysis (the server
 * rewrites them in the new style, thresholds and units when next read). Activities are read again
 * too: their metrics are rescored with a new FTP or zones.
 */
export async function settingsSaved(queryClient: QueryClient, saved: UserSettings): Promise<void> {
  queryClient.setQueryData(userSettingsQueryKey, saved);
  removeCachedAnalyses(queryClient);
  // The athletic profile is written again in new units when next read (profile/service.ts), and
  // plans are read in the account's units (ADR 0073); the keys are written out here because the
  // profile and plans features sit above settings in the web arrows.
  await Promise.all(['/api/activities', '/api/profile', '/api/training-plans'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

/**
 * What a form does when its save is answered. These run with the mutation itself, not as `mutate`'s
 * own callbacks, which TanStack Query skips once the component that called it has unmounted: a
 * save's own effects (other queries dropped and read again) can unmount the form on the way, and
 * the athlete would then see neither the confirmation nor the dialog close.
 */
export interface SettingsSaveCallbacks {
  onSaved?: () => void;
  onFailed?: (error: Error) => void;
}

export function useUpdateUserSettings(callbacks: SettingsSaveCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    // Not awaited: the save is confirmed when the server has it, not when every page it touches has
    // been fetched again (an analysis being rewritten in the new style would hold the toast back).
    onSuccess: (saved) => {
      void settingsSaved(queryClient, saved);
      callbacks.onSaved?.();
    },
    onError: (error) => callbacks.onFailed?.(error),
  });
}
