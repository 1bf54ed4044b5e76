import { useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ImportStatus } from '../../../shared/api/imports.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, type DialogOpenState } from '../../ui/dialog.tsx';
import { recentImportsQueryKey } from './api/active-imports.ts';
import { useImportStatuses } from './api/import-status.ts';
import { useUploadImport } from './api/upload-import.ts';
import { DropZone } from './drop-zone.tsx';
import { ImportResultLine } from './import-result-line.tsx';
import { isImportSettled, isUploadPending, rejectionOf, stateOfError, stateOfResult, type UploadItem, type UploadState } from './import-queue.ts';

/** Query keys are API paths: a new activity changes everything read under /api/activities. */
const activitiesQueryKey = ['/api/activities'] as const;

let nextItemKey = 1;

/**
 * 'Import activities': files are sent one at a time, each with its own result line; an archive
 * imports in the background and shows its progress. Mount it once and keep it mounted: uploads and
 * their results carry on while the dialog is closed.
 */
export function ImportDialog(openState: DialogOpenState) {
  const queryClient = useQueryClient();
  const upload = useUploadImport();
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<{ key: string; file: File }[]>([]);
  const draining = useRef(false);

  const setState = (key: string, state: UploadState) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, state } : item)));

  async function drain() {
    if (draining.current) return;
    draining.current = true;
    try {
      for (let next = queue.current.shift(); next !== undefined; next = queue.current.shift()) {
        setState(next.key, { kind: 'uploading' });
        try {
          const result = await upload.mutateAsync(next.file);
          setState(next.key, stateOfResult(result, next.file.name));
          if (result.activity !== null) void queryClient.invalidateQueries({ queryKey: activitiesQueryKey });
          // An archive runs on in the background: Home's card follows it from the list of imports.
          else if (result.import.kind === 'archive') void queryClient.invalidateQueries({ queryKey: recentImportsQueryKey, exact: true });
        } catch (error) {
          setState(next.key, stateOfError(error, next.file.name));
        }
      }
    } finally {
      draining.current = false;
    }
  }

  function addFiles(files: readonly File[]) {
    const added = files.map((file): UploadItem & { file: File } => {
      const rejection = rejectionOf(file);
      return {
        key: String(nextItemKey++),
        fileName: file.name,
        file,
        state: rejection === null ? { kind: 'waiting' } : { kind: 'failed', message: rejection },
      };
    });
    setItems((current) => [...current, ...added.map(({ key, fileName, state }) => ({ key, fileName, state }))]);
    queue.current.push(...added.filter((item) => item.state.kind === 'waiting'));
    void drain();
  }

  const archiveIds = items.flatMap((item) => (item.state.kind === 'archive' ? [item.state.importId] : []));
  const archiveQueries = useImportStatuses(archiveIds);
  const archives = new Map<string, ImportStatus>();
  archiveQueries.forEach((query, index) => {
    const id = archiveIds[index];
    if (id !== undefined && query.data !== undefined) archives.set(id, query.data);
  });

  // Once an archive finishes, its activities are in: the list is fetched again (once per archive).
  const settledArchives = [...archives.values()].filter(isImportSettled).map((status) => status.id);
  const settledKey = settledArchives.join(',');
  const refetchedFor = useRef(new Set<string>());
  useEffect(() => {
    const fresh = settledKey.split(',').filter((id) => id !== '' && !refetchedFor.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) refetchedFor.current.add(id);
    void queryClient.invalidateQueries({ queryKey: activitiesQueryKey });
  }, [settledKey, queryClient]);

  const busy = items.some((item) => {
    if (isUploadPending(item.state)) return true;
    if (item.state.kind !== 'archive') return false;
    const status = archives.get(item.state.importId);
    return status === undefined || !isImportSettled(status);
  });

  return (
    <Dialog
      {...openState}
      title="Import activities"
      description="Add activities from your watch or bike computer, or your whole history from a Strava export."
    >
      <div className="mt-6 flex flex-col gap-5">
        <DropZone onFiles={addFiles} />
        {items.length > 0 && (
          <section aria-label="Imports" className="flex flex-col gap-3">
            <ul className="flex max-h-64 flex-col gap-3 overflow-y-auto pr-1">
              {items.map((item) => (
                <li key={item.key}>
                  <ImportResultLine item={item} archive={item.state.kind === 'archive' ? archives.get(item.state.importId) : undefined} />
                </li>
              ))}
            </ul>
            {!busy && (
              <Button variant="ghost" size="sm" className="-ml-3 self-start" onClick={() => setItems([])}>
                Clear list
              </Button>
            )}
          </section>
        )}
        <p className="flex items-start gap-2 rounded-lg border border-line bg-canvas/40 p-3 text-xs text-fg-muted">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-fg-subtle" />
          <span>
            Strava's API terms limit how long Kairo may keep Strava data and forbid sending it to AI models. Importing your own files or
            your Strava export archive (Settings → My Account → Download or Delete Your Account on strava.com) gives Kai your full
            history.
          </span>
        </p>
      </div>
    </Dialog>
  );
}
