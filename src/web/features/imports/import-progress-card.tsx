import { FileArchive } from 'lucide-react';
import type { ImportStatus } from '../../../shared/api/imports.ts';
import { useActiveImports } from './api/active-imports.ts';
import { ArchiveLine } from './import-result-line.tsx';

/**
 * Home's follower of archive imports (loaded after the first paint, so the first screen carries
 * none of it): reads the running ones from the server and shows their card while there are any.
 */
export function ActiveImports() {
  const active = useActiveImports(true);
  return active.length > 0 ? <ImportProgressCard imports={active} /> : null;
}

/**
 * Home's card for archive imports still running (from the server, so it is there after a reload):
 * each with its bar, counts, time left and Cancel.
 */
export function ImportProgressCard({ imports }: { imports: readonly ImportStatus[] }) {
  return (
    <section aria-labelledby="import-progress-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5">
      <div className="flex items-center gap-3">
        <FileArchive aria-hidden className="size-5 text-accent" />
        <h2 id="import-progress-title" className="text-base font-semibold text-fg">
          {imports.length === 1 ? 'Importing your archive' : `Importing ${imports.length} archives`}
        </h2>
      </div>
      <ul className="flex flex-col gap-4">
        {imports.map((status) => (
          <li key={status.id}>
            <ArchiveLine fileName={status.fileName} status={status} />
          </li>
        ))}
      </ul>
      <p className="text-xs text-fg-muted">Your activities appear as they come in; fitness and Kai's analyses follow once the import ends.</p>
    </section>
  );
}
