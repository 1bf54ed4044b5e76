import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { ProfileSkeleton } from './profile-skeleton.tsx';
import type { ProfilePageState } from './use-profile-page.ts';

/** Before there is a profile: loading, generating (spec §8 text) or failed with a retry. */
export function ProfilePending({ state }: { state: Exclude<ProfilePageState, { status: 'ready' }> }) {
  if (state.status === 'failed') {
    return (
      <Alert tone="error">
        <p className="font-semibold">Failed to build your athletic profile</p>
        <p>Something went wrong while Kai read your activities. Please try again.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={state.retry}>
          Retry
        </Button>
      </Alert>
    );
  }
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      {state.status === 'generating' && (
        <p role="status" className="flex items-center gap-3 text-sm font-medium text-fg">
          <Spinner className="size-5" />
          Generating your athletic profile...
        </p>
      )}
      <ProfileSkeleton />
    </div>
  );
}
