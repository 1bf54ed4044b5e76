import { RefreshCw } from 'lucide-react';
import { PROFILE_REFRESH_PRO_MESSAGE } from '../../../shared/api/athletic-profile.ts';
import { Button } from '../../ui/button.tsx';
import { DisabledHint } from '../../ui/disabled-hint.tsx';
import { Spinner } from '../../ui/spinner.tsx';

interface RegenerateProfileButtonProps {
  /** Spec §6: regenerating the profile is Pro-level only. */
  allowed: boolean;
  regenerating: boolean;
  onRegenerate: () => void;
}

export function RegenerateProfileButton({ allowed, regenerating, onRegenerate }: RegenerateProfileButtonProps) {
  return (
    <DisabledHint hint={allowed ? null : PROFILE_REFRESH_PRO_MESSAGE}>
      <Button variant="secondary" size="sm" disabled={!allowed || regenerating} onClick={onRegenerate}>
        {regenerating ? <Spinner className="size-4" /> : <RefreshCw aria-hidden className="size-4" />}
        {regenerating ? 'Regenerating...' : 'Regenerate'}
      </Button>
    </DisabledHint>
  );
}
