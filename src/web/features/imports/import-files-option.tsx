import { FileUp } from 'lucide-react';
import { Button } from '../../ui/button.tsx';

/** The way in without Strava, under a 'Connect with Strava' step: the athlete's own activity files. */
export function ImportFilesOption({ onImport }: { onImport: () => void }) {
  return (
    <div className="flex flex-col items-center gap-1 text-center">
      <Button variant="ghost" size="sm" onClick={onImport}>
        <FileUp aria-hidden className="size-4" />
        or import your own files
      </Button>
      <p className="text-xs text-fg-subtle">FIT, GPX or TCX files, or your Strava export archive.</p>
    </div>
  );
}
