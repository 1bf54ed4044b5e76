import { useEffect, useRef } from 'react';
import type { AthleticProfile } from '../../../shared/api/athletic-profile.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { showToast } from '../../ui/toast-store.ts';
import { isProfileMissing, useAthleticProfile } from './api/athletic-profile.ts';
import { useGenerateProfile } from './api/generate-profile.ts';
import { useRecommendEvents } from './api/recommend-events.ts';

export type ProfilePageState =
  | { status: 'loading' }
  | { status: 'generating' }
  | { status: 'failed'; retry: () => void }
  | { status: 'ready'; profile: AthleticProfile; eventsLoading: boolean; regenerating: boolean; regenerate: () => void };

const REGENERATE_FAILED = 'Failed to refresh your athletic profile. Please try again.';

/**
 * The profile page's life (spec §4 Profile page): a missing profile (404) is generated once on its
 * own; a profile without events asks for them once, and the answer refreshes the profile. A failed
 * generation waits for the athlete's retry; a failed event search only ends the loading state.
 */
export function useProfilePage(): ProfilePageState {
  const query = useAthleticProfile();
  const generate = useGenerateProfile();
  const events = useRecommendEvents();
  const profile = query.data;
  const missing = query.isError && isProfileMissing(query.error);
  const { mutate: startGeneration } = generate;
  const { mutate: recommendEvents } = events;

  // Refs only keep React's development double-run of effects from sending each request twice.
  const generationStarted = useRef(false);
  useEffect(() => {
    if (!missing || generationStarted.current) return;
    generationStarted.current = true;
    startGeneration();
  }, [missing, startGeneration]);

  const needsEvents = profile !== undefined && profile.recommendedEvents.trim() === '';
  // One profile is one generation: a regenerated profile without events asks again.
  const profileKey = profile?.generatedAt ?? null;
  const eventsAskedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!needsEvents || profileKey === null || eventsAskedFor.current === profileKey) return;
    eventsAskedFor.current = profileKey;
    recommendEvents(profileKey);
  }, [needsEvents, profileKey, recommendEvents]);

  if (profile !== undefined) {
    return {
      status: 'ready',
      profile,
      eventsLoading: needsEvents && (events.variables !== profileKey || events.isPending),
      regenerating: generate.isPending,
      regenerate: () =>
        startGeneration(undefined, {
          onError: (error) => showToast({ tone: 'error', title: 'Profile not refreshed', description: userFacingMessage(error, REGENERATE_FAILED) }),
        }),
    };
  }
  if (missing) {
    return generate.isError ? { status: 'failed', retry: () => startGeneration() } : { status: 'generating' };
  }
  if (query.isError) return { status: 'failed', retry: () => void query.refetch() };
  return { status: 'loading' };
}
