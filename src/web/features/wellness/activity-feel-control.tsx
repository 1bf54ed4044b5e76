import { useState, type FormEvent } from 'react';
import type { ActivityFeel } from '../../../shared/api/wellness.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Button } from '../../ui/button.tsx';
import { TextArea } from '../../ui/text-area.tsx';
import { useActivityFeel, useSaveActivityFeel } from './api/wellness.ts';
import { ScalePicker } from './scale-picker.tsx';

/** The athlete's RPE (Borg CR10, 1–10) and a note for one activity, on its page. */
export function ActivityFeelControl({ activityId }: { activityId: string }) {
  const feel = useActivityFeel(activityId);
  if (feel.isPending || feel.isError) return null;
  return <FeelForm key={activityId} activityId={activityId} saved={feel.data} />;
}

function FeelForm({ activityId, saved }: { activityId: string; saved: ActivityFeel }) {
  const [rpe, setRpe] = useState(saved.rpe);
  const [note, setNote] = useState(saved.note ?? '');
  const save = useSaveActivityFeel(activityId);
  const changed = rpe !== saved.rpe || (note.trim() || null) !== saved.note;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ rpe, note: note.trim() === '' ? null : note });
  }

  return (
    <form onSubmit={submit} aria-label="How it felt" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5">
      <h2 className="text-base font-semibold text-fg">How it felt</h2>
      <ScalePicker label="Effort (RPE)" ends={['very easy', 'maximal']} max={10} value={rpe} onChange={setRpe} />
      <TextArea label="Note" value={note} rows={2} placeholder="Legs, weather, fuelling…" onChange={setNote} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={!changed || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        <p role="status" className="text-sm text-fg-muted">
          {save.isError ? userFacingMessage(save.error, 'Not saved. Please try again.') : save.isSuccess && !changed ? 'Saved.' : ''}
        </p>
      </div>
    </form>
  );
}
