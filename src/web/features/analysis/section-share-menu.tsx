import { Copy, Share2, Upload } from 'lucide-react';
import { DropdownMenu, DropdownMenuItem } from '../../ui/dropdown-menu.tsx';
import { IconButton } from '../../ui/icon-button.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { useUpdateStravaDescription } from '../exports/index.ts';
import { trackButtonInteraction } from '../tracking/index.ts';

interface SectionShareMenuProps {
  /** The section's name as the page shows it, e.g. 'Key Insights'. */
  section: string;
  text: string;
  /** The activity on Strava, when it is there to share to. */
  stravaActivityId: string | null;
}

async function copySection(section: string, text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast({ title: `${section} copied to clipboard.` });
  } catch {
    showToast({ title: `Failed to copy ${section}. Please try again.`, tone: 'error' });
  }
}

/** A section's share menu (spec §2): copy it, or add it to the activity's description on Strava. */
export function SectionShareMenu({ section, text, stravaActivityId }: SectionShareMenuProps) {
  const share = useUpdateStravaDescription(stravaActivityId ?? '');
  return (
    <DropdownMenu
      trigger={<IconButton label={`Share ${section}`} icon={<Share2 aria-hidden className="size-4" />} className="-my-1.5 -mr-2" />}
    >
      <DropdownMenuItem
        icon={<Copy className="size-4" />}
        label="Copy"
        hint="Share this section with a friend"
        onSelect={() => {
          trackButtonInteraction({ buttonType: 'copy', analysisSection: section });
          void copySection(section, text);
        }}
      />
      {stravaActivityId !== null && (
        <DropdownMenuItem
          icon={<Upload className="size-4" />}
          label="Share"
          hint="Add this section to your activity's description on Strava"
          disabled={share.isPending}
          onSelect={() => {
            trackButtonInteraction({ buttonType: 'share', analysisSection: section });
            share.mutate(text, {
              onSuccess: () => showToast({ title: `${section} has been added to the activity's description on Strava.` }),
              onError: () => showToast({ title: `Failed to share ${section} to Strava. Please try again.`, tone: 'error' }),
            });
          }}
        />
      )}
    </DropdownMenu>
  );
}
