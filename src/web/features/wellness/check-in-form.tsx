import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BODY_WEIGHT_RANGE_KG, wellnessDayBody, type WellnessDay, type WellnessDayBody } from '../../../shared/api/wellness.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatNumber, weightInUnits, weightKgFrom, weightUnit } from '../../../shared/format.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { TextArea } from '../../ui/text-area.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useSaveWellnessDay } from './api/wellness.ts';
import { ScalePicker } from './scale-picker.tsx';

type ScaleField = 'sleepQuality' | 'fatigue' | 'soreness' | 'stress' | 'mood';
type NumberField = 'sleepHours' | 'restingHrBpm' | 'hrvRmssdMs' | 'weightKg';

/** The 1–5 scales, each with what its ends mean (sleep quality and mood: 5 best; the others: 5 worst). */
const SCALES: { field: ScaleField; label: string; ends: [string, string] }[] = [
  { field: 'sleepQuality', label: 'Sleep quality', ends: ['poor', 'great'] },
  { field: 'fatigue', label: 'Fatigue', ends: ['fresh', 'exhausted'] },
  { field: 'soreness', label: 'Soreness', ends: ['none', 'very sore'] },
  { field: 'stress', label: 'Stress', ends: ['relaxed', 'very stressed'] },
  { field: 'mood', label: 'Mood', ends: ['low', 'great'] },
];

/** The number fields; body weight is stored in kg and typed in the athlete's unit (kg or lb). */
const numbers = (units: UnitSystem): { field: NumberField; label: string; step: string; placeholder: string }[] => [
  { field: 'sleepHours', label: 'Sleep (hours)', step: '0.25', placeholder: '7.5' },
  { field: 'restingHrBpm', label: 'Resting HR (bpm)', step: '1', placeholder: '48' },
  { field: 'hrvRmssdMs', label: 'HRV rMSSD (ms)', step: '1', placeholder: '62' },
  { field: 'weightKg', label: `Body weight (${weightUnit(units)})`, step: '0.1', placeholder: String(weightInUnits(70.5, units)) },
];

/** The body-weight range in the athlete's unit, for the message beside the field: '44–661 lb'. */
function weightRangeMessage(units: UnitSystem): string {
  const low = formatNumber(Math.ceil(weightInUnits(BODY_WEIGHT_RANGE_KG.min, units)));
  const high = formatNumber(Math.floor(weightInUnits(BODY_WEIGHT_RANGE_KG.max, units)));
  return `Body weight must be between ${low}–${high} ${weightUnit(units)}`;
}

type Draft = Record<ScaleField, number | null> & Record<NumberField, string> & { note: string };

function draftOf(day: WellnessDay | null, units: UnitSystem): Draft {
  const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    sleepQuality: day?.sleepQuality ?? null,
    fatigue: day?.fatigue ?? null,
    soreness: day?.soreness ?? null,
    stress: day?.stress ?? null,
    mood: day?.mood ?? null,
    sleepHours: text(day?.sleepHours),
    restingHrBpm: text(day?.restingHrBpm),
    hrvRmssdMs: text(day?.hrvRmssdMs),
    weightKg: day?.weightKg == null ? '' : String(weightInUnits(day.weightKg, units)),
    note: day?.note ?? '',
  };
}

/** The body to send: an empty box is a value not recorded (null), never 0; the weight in kg. */
function bodyOf(draft: Draft, units: UnitSystem): WellnessDayBody {
  const number = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));
  return {
    sleepQuality: draft.sleepQuality,
    fatigue: draft.fatigue,
    soreness: draft.soreness,
    stress: draft.stress,
    mood: draft.mood,
    sleepHours: number(draft.sleepHours),
    restingHrBpm: number(draft.restingHrBpm),
    hrvRmssdMs: number(draft.hrvRmssdMs),
    weightKg: draft.weightKg.trim() === '' ? null : weightKgFrom(Number(draft.weightKg.replace(',', '.')), units, 3),
    note: draft.note.trim() === '' ? null : draft.note,
  };
}

/**
 * The daily check-in: five taps and up to four numbers, everything optional. The day's saved
 * values fill it; saving replaces the day as a whole, checked with the same rules as the server.
 */
export function CheckInForm({ date, day, units, onSaved }: { date: string; day: WellnessDay | null; units: UnitSystem; onSaved?: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(day, units));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const save = useSaveWellnessDay();
  const savedNote = useRef<HTMLDivElement>(null);
  const saved = save.isSuccess && !save.isPending;
  // The confirmation takes the focus once shown (and is read out as it does): the keyboard goes on from the form, not from the page's top.
  useEffect(() => {
    if (saved) savedNote.current?.focus();
  }, [saved]);
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const body = bodyOf(draft, units);
    const checked = wellnessDayBody.safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<keyof Draft, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof Draft | undefined;
        if (field && !found[field]) found[field] = field === 'weightKg' && issue.code !== 'invalid_type' ? weightRangeMessage(units) : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate({ date, body }, { onSuccess: () => onSaved?.() });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Daily check-in">
      <div className="grid gap-5 sm:grid-cols-2">
        {SCALES.map(({ field, label, ends }) => (
          <ScalePicker key={field} label={label} ends={ends} max={5} value={draft[field]} onChange={(value) => set(field, value)} />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {numbers(units).map(({ field, label, step, placeholder }) => (
          <TextField
            key={field}
            label={label}
            type="number"
            inputMode="decimal"
            step={step}
            min={0}
            placeholder={placeholder}
            value={draft[field]}
            error={errors[field]}
            onChange={(event) => set(field, event.target.value)}
          />
        ))}
      </div>
      <TextArea label="Note" value={draft.note} rows={2} placeholder="Anything worth remembering about today" onChange={(value) => set('note', value)} />
      {errors.note && <p className="text-sm text-danger">{errors.note}</p>}
      {save.isError && (
        <Alert tone="error">
          <p>{userFacingMessage(save.error, 'Your check-in could not be saved. Please try again.')}</p>
        </Alert>
      )}
      {saved && (
        <div ref={savedNote} tabIndex={-1} className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent">
          <Alert tone="success">
            <p>Check-in saved.</p>
          </Alert>
        </div>
      )}
      <div>
        {/* Busy, not disabled: a disabled button drops the keyboard's focus to the page while the save runs. */}
        <Button type="submit" size="lg" aria-disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save check-in'}
        </Button>
      </div>
    </form>
  );
}
