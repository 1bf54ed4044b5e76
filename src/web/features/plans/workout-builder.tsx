import clsx from 'clsx';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { editSports, PLAN_EDIT_MESSAGES } from '../../../shared/api/plan-edits.ts';
import type { MissingThreshold } from '../../../shared/domain/workout-build.ts';
import { formatClock, formatNumber } from '../../../shared/format.ts';
import { Button } from '../../ui/button.tsx';
import { IconButton } from '../../ui/icon-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { SPORT_LABELS } from './edit-labels.ts';
import { SelectField } from './select-field.tsx';
import type { WorkoutForm } from './use-workout-form.ts';
import { STEP_LABELS, TARGET_KINDS, targetKindsFor, type PartDraft, type StepDraft } from './workout-draft.ts';

const SPORT_OPTIONS = editSports.map((sport) => [sport, SPORT_LABELS[sport]] as const);
const MISSING_MESSAGES: Record<MissingThreshold, string> = {
  ftp: PLAN_EDIT_MESSAGES.needsFtp,
  thresholdPace: PLAN_EDIT_MESSAGES.needsThresholdPace,
  heartRateZones: PLAN_EDIT_MESSAGES.needsHeartRateZones,
};
const ADDED_STEPS: StepDraft['type'][] = ['warmup', 'steady', 'intervals', 'cooldown'];

/**
 * The workout builder (issue 30): a title, the sport and how its steps are targeted (power, % of
 * FTP, pace, heart rate or zone), then steps — warm-up, steady, repeats of work and recovery,
 * cool-down — with the workout's total time and load shown as it is built, both from the shared
 * formula the server stores them with (shared/domain/workout-build.ts).
 */
export function WorkoutBuilder({ form }: { form: WorkoutForm }) {
  const { draft, units, read, showErrors } = form;
  const error = (key: string) => (showErrors ? read.errors.get(key) : undefined);
  const targetUnit = TARGET_KINDS[draft.targetKind].unit(units);
  const targetOptions = targetKindsFor(draft.sport).map((kind) => [kind, TARGET_KINDS[kind].label] as const);

  const partFields = (at: string, part: PartDraft, onChange: (part: PartDraft) => void, prefix = '') => (
    <>
      <TextField
        label={prefix ? `${prefix}time` : 'Time'}
        placeholder="m:ss"
        value={part.duration}
        onChange={(event) => onChange({ ...part, duration: event.target.value })}
        error={error(`${at}.duration`)}
      />
      <TextField
        label={prefix ? `${prefix}target (${targetUnit})` : `Target (${targetUnit})`}
        inputMode={draft.targetKind === 'pace' ? 'text' : 'numeric'}
        placeholder={draft.targetKind === 'pace' ? 'm:ss' : undefined}
        value={part.target}
        onChange={(event) => onChange({ ...part, target: event.target.value })}
        error={error(`${at}.target`)}
      />
    </>
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem_10rem]">
        <TextField label="Title" placeholder="e.g. 5 × 4 min at threshold" value={draft.title} onChange={(event) => form.update({ title: event.target.value })} error={error('title')} />
        <SelectField label="Sport" value={draft.sport} onChange={(sport) => form.update({ sport })} options={SPORT_OPTIONS} />
        <SelectField label="Targets" value={draft.targetKind} onChange={(targetKind) => form.update({ targetKind })} options={targetOptions} />
      </div>
      <ol aria-label="Steps" className="flex flex-col gap-2">
        {draft.steps.map((step, index) => {
          const at = `steps.${index}`;
          const heading = `${index + 1}. ${STEP_LABELS[step.type]}`;
          return (
            <li key={step.key} aria-label={heading} className="flex flex-col gap-3 rounded-xl border border-line bg-canvas/60 p-3">
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-semibold text-fg">{heading}</h3>
                <div className="flex items-center gap-0.5">
                  <StepMoveButton index={index} by={-1} count={draft.steps.length} form={form} />
                  <StepMoveButton index={index} by={1} count={draft.steps.length} form={form} />
                  <IconButton label={`Remove step ${index + 1}`} icon={<Trash2 aria-hidden className="size-4" />} className="size-8" onClick={() => form.removeStep(index)} />
                </div>
              </div>
              {step.type === 'intervals' ? (
                <div className="flex flex-col gap-3">
                  <TextField
                    label="Repeats"
                    inputMode="numeric"
                    className="w-32"
                    value={step.repeats}
                    onChange={(event) => form.changeStep(index, { ...step, repeats: event.target.value })}
                    error={error(`${at}.repeats`)}
                  />
                  <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                    {partFields(`${at}.work`, step.work, (work) => form.changeStep(index, { ...step, work }), 'Work ')}
                    {partFields(`${at}.recovery`, step.recovery, (recovery) => form.changeStep(index, { ...step, recovery }), 'Rest ')}
                  </div>
                </div>
              ) : (
                <div className="grid grid-cols-2 gap-3 sm:max-w-sm">{partFields(at, step.part, (part) => form.changeStep(index, { ...step, part }))}</div>
              )}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Add a step">
        {ADDED_STEPS.map((type) => (
          <Button key={type} variant="secondary" size="sm" onClick={() => form.addStep(type)}>
            <Plus aria-hidden className="size-4" />
            {STEP_LABELS[type]}
          </Button>
        ))}
      </div>
      {error('') && <p className="text-sm text-danger">{error('')}</p>}
      <WorkoutFigures form={form} />
    </div>
  );
}

/**
 * Moves a step one place up or down. At either end it stays in place marked unavailable (not
 * disabled), so the focus stays on it when the step it belongs to has just arrived there.
 */
function StepMoveButton({ index, by, count, form }: { index: number; by: -1 | 1; count: number; form: WorkoutForm }) {
  const unavailable = by === -1 ? index === 0 : index === count - 1;
  const Icon = by === -1 ? ArrowUp : ArrowDown;
  return (
    <IconButton
      label={`Move step ${index + 1} ${by === -1 ? 'up' : 'down'}`}
      icon={<Icon aria-hidden className="size-4" />}
      className={clsx('size-8 scroll-mt-4 scroll-mb-28', unavailable && 'opacity-40')}
      aria-disabled={unavailable || undefined}
      onClick={(event) => {
        if (unavailable) return;
        const button = event.currentTarget;
        form.moveStep(index, by);
        // The focus moves with its step; keep it in sight, clear of the figures' bar at the dialog's foot.
        requestAnimationFrame(() => button.scrollIntoView({ block: 'nearest' }));
      }}
    />
  );
}

/** The workout's total time and load as it stands, announced politely as it changes. */
function WorkoutFigures({ form }: { form: WorkoutForm }) {
  const { totals, read } = form;
  return (
    // Sticky at the foot of the dialog, so the figures stay in sight while steps are typed further up.
    <div aria-live="polite" data-testid="workout-figures" className="sticky bottom-0 z-10 flex flex-col gap-1 rounded-xl border border-accent/40 bg-surface-raised px-4 py-3 shadow-lg shadow-black/40">
      <dl className="flex flex-wrap gap-x-8 gap-y-1">
        <div className="flex items-baseline gap-2">
          <dt className="text-sm text-fg-muted">Total time</dt>
          <dd data-figure="total" className="text-lg font-semibold text-fg tabular-nums">
            {totals ? formatClock(totals.durationS) : '—'}
          </dd>
        </div>
        <div className="flex items-baseline gap-2">
          <dt className="text-sm text-fg-muted">Load</dt>
          <dd data-figure="load" className="text-lg font-semibold text-fg tabular-nums">
            {totals?.load != null ? formatNumber(totals.load) : '—'}
          </dd>
        </div>
        {totals?.intensityFactor != null && (
          <div className="flex items-baseline gap-2">
            <dt className="text-sm text-fg-muted">Intensity factor</dt>
            <dd className="text-lg font-semibold text-fg tabular-nums">{totals.intensityFactor.toFixed(2)}</dd>
          </div>
        )}
      </dl>
      {totals?.missing.map((missing) => (
        <p key={missing} className="text-sm text-fg-muted">
          {MISSING_MESSAGES[missing]}
        </p>
      ))}
      {!read.complete && <p className="text-sm text-fg-muted">Counting the steps filled in so far.</p>}
    </div>
  );
}
