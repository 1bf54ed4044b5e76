import clsx from 'clsx';
import { FileUp } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { IMPORT_ACCEPT } from './import-queue.ts';

/** A drop target that is also the file picker (click, or Enter/Space on the focused input). */
export function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const [dragging, setDragging] = useState(false);

  function handleDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  }

  return (
    <label
      onDragEnter={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={handleDrop}
      className={clsx(
        'flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
        'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent',
        dragging ? 'border-accent bg-accent/10' : 'border-line-strong bg-canvas/40 hover:border-fg-subtle',
      )}
    >
      <FileUp aria-hidden className={clsx('size-8', dragging ? 'text-accent' : 'text-fg-muted')} />
      <span className="text-sm font-semibold text-fg">Drop files here or choose files</span>
      <span className="text-xs text-fg-muted">.fit, .gpx, .tcx (also .gz) or a Strava export .zip</span>
      <input
        type="file"
        multiple
        accept={IMPORT_ACCEPT}
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Cleared so choosing the same file again still reports a change.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </label>
  );
}
