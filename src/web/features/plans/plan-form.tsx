import clsx from 'clsx';
import { Tabs } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import {
  generalFitnessOptions,
  parseSelectedActivities,
  trainingPlanInput,
  type GeneralFitnessOption,
  type PreparationType,
  type TrainingPlanInput,
  type TrainingPlanView,
} from '../../../shared/api/training-plans.ts';
import { PLAN_START_MAX_WEEKS_BACK } from '../../../shared/domain/plan-start.ts';
import { Button } from '../../ui/button.tsx';
import { TextArea } from '../../ui/text-area.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useAthleteProfile, useUserSettings } from '../settings/index.ts';
import { saveFailedMessage, useSavePlan } from './api/training-plans.ts';
import { ChoiceGroup } from './choice-group.tsx';
import type { PlanDraft } from './plan-prefill.ts';

type Fields = Omit<Record<keyof TrainingPlanInput, string>, 'preparationType'> & { preparationType: PreparationType };

const EMPTY: Fields = {
  preparationType: 'event',
  eventName: '',
  eventType: 'cycling',
  eventDate: '',
  eventDistance: '',
  eventElevation: '',
  ftp: '',
  completionGoal: 'complete',
  targetTime: '',
  prGoal: '',
  prDistance: '',
  prElevation: '',
  currentPr: '',
  targetPr: '',
  prTimeline: '',
  weeklyTrainingTime: '',
  planName: '',
  selectedActivities: '[]',
  otherActivity: '',
  planDuration: '',
  additionalDetails: '',
  startDate: '',
};

function fieldsOf(draft: PlanDraft | TrainingPlanView | null): Fields {
  if (!draft) return EMPTY;
  const fields = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof Fields)[]) {
    const value = (draft as Record<string, unknown>)[key];
    if (typeof value === 'string') (fields as Record<string, string>)[key] = value;
  }
  return fields;
}

/** Only what the chosen plan type asks for is sent (spec §7 body per type). */
function inputOf(fields: Fields): Record<string, string> {
  const common = ['weeklyTrainingTime', 'startDate', 'additionalDetails'] as const;
  const byType: Record<PreparationType, readonly (keyof Fields)[]> = {
    event: ['eventName', 'eventType', 'eventDate', 'eventDistance', 'eventElevation', 'ftp', 'completionGoal', 'targetTime', ...common],
    pr: ['prGoal', 'eventType', 'prDistance', 'prElevation', 'currentPr', 'targetPr', 'prTimeline', 'ftp', ...common],
    'general-fitness': ['planName', 'selectedActivities', 'otherActivity', 'planDuration', ...common],
  };
  const keys = byType[fields.preparationType].filter((key) => {
    if (key === 'ftp') return fields.eventType === 'cycling';
    if (key === 'targetTime') return fields.completionGoal === 'time';
    if (key === 'otherActivity') return parseSelectedActivities(fields.selectedActivities)?.includes('Other') ?? false;
    return true;
  });
  return Object.fromEntries([['preparationType', fields.preparationType], ...keys.map((key) => [key, fields[key]])]);
}

interface PlanFormProps {
  /** The plan being edited; null to create one. */
  plan: TrainingPlanView | null;
  /** Create mode: what a profile card fills in. */
  draft: PlanDraft | null;
  onClose: () => void;
}

/**
 * The fields of the plan dialog. It mounts each time the dialog opens, so edit mode starts from
 * the plan and create mode from blank (or the profile card's draft), as spec §4 asks.
 */
export function PlanForm({ plan, draft, onClose }: PlanFormProps) {
  const [edited, setFields] = useState<Fields>(() => fieldsOf(plan ?? draft));
  const [ftpEdited, setFtpEdited] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Create mode: the plan starts active unless the athlete keeps their current plan on (ADR 0070).
  const [activate, setActivate] = useState(true);
  const [, navigate] = useLocation();
  const athleteProfile = useAthleteProfile(true);
  const settings = useUserSettings();
  // Examples in the athlete's units; the server reads km, mi, m and ft alike (plans/goal-inputs.ts).
  const imperial = settings.data?.unitSystem === 'imperial';
  const save = useSavePlan({
    onSaved: () => {
      onClose();
      navigate('/training-plan');
    },
  });

  // Spec §5: the FTP is prefilled when cycling and empty, until the athlete edits it: the FTP the
  // athlete saved in their coaching profile (it scores their rides), else Strava's. Never Kairo's
  // estimate: a plan stores its FTP as the athlete's, and the generator estimates one by itself
  // when none is given.
  const profileFtp = settings.data?.athleteFtp ?? athleteProfile.data?.ftp ?? null;
  const prefillFtp = profileFtp === null ? null : String(profileFtp);
  const fields = !ftpEdited && edited.ftp === '' && prefillFtp !== null ? { ...edited, ftp: prefillFtp } : edited;

  const set = (key: keyof Fields) => (value: string) => {
    if (key === 'ftp') setFtpEdited(true);
    setFields((current) => ({ ...current, [key]: value }));
  };
  const selected = parseSelectedActivities(fields.selectedActivities) ?? [];
  const toggleActivity = (option: GeneralFitnessOption) =>
    set('selectedActivities')(JSON.stringify(selected.includes(option) ? selected.filter((item) => item !== option) : [...selected, option]));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = trainingPlanInput.safeParse(inputOf(fields));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    save.mutate({ id: plan?.id ?? null, input: plan ? parsed.data : { ...parsed.data, active: activate } });
  }

  const kind = <ChoiceGroup label="Activity kind" value={fields.eventType} onChange={set('eventType')} options={{ cycling: 'Cycling', running: 'Running' }} />;
  const ftp = fields.eventType === 'cycling' && (
    <TextField label="FTP (watts, optional)" inputMode="numeric" value={fields.ftp} onChange={(e) => set('ftp')(e.target.value)} placeholder="e.g. 250" />
  );
  const common = (
    <>
      <TextField label="Weekly training time (optional)" value={fields.weeklyTrainingTime} onChange={(e) => set('weeklyTrainingTime')(e.target.value)} placeholder="e.g. 8 hours" />
      <TextField
        label={`Start date (optional, up to ${PLAN_START_MAX_WEEKS_BACK} weeks back)`}
        type="date"
        value={fields.startDate}
        onChange={(e) => set('startDate')(e.target.value)}
      />
      <TextArea label="Additional details (optional)" value={fields.additionalDetails} onChange={set('additionalDetails')} placeholder="Injuries, preferred days, terrain..." />
    </>
  );

  return (
      <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-5">
        <Tabs.Root value={fields.preparationType} onValueChange={(value) => set('preparationType')(value)}>
          <Tabs.List aria-label="Plan type" className="grid grid-cols-3 gap-1 rounded-lg border border-line bg-canvas p-1">
            {(
              [
                ['event', 'Event'],
                ['pr', 'Personal record'],
                ['general-fitness', 'General fitness'],
              ] as const
            ).map(([value, label]) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="rounded-md px-2 py-2 text-xs font-semibold text-fg-muted transition-colors hover:text-fg data-[state=active]:bg-surface-raised data-[state=active]:text-fg sm:text-sm"
              >
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="event" className="mt-5 flex flex-col gap-4">
            <TextField label="Event name" value={fields.eventName} onChange={(e) => set('eventName')(e.target.value)} placeholder="e.g. Gran Fondo Stelvio" />
            {kind}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Event date" type="date" value={fields.eventDate} onChange={(e) => set('eventDate')(e.target.value)} />
              <TextField label="Distance" value={fields.eventDistance} onChange={(e) => set('eventDistance')(e.target.value)} placeholder={imperial ? 'e.g. 75 mi' : 'e.g. 120 km'} />
              <TextField label="Elevation (optional)" value={fields.eventElevation} onChange={(e) => set('eventElevation')(e.target.value)} placeholder={imperial ? 'e.g. 8,200 ft' : 'e.g. 2,500 m'} />
              {ftp}
            </div>
            <ChoiceGroup label="Completion goal" value={fields.completionGoal} onChange={set('completionGoal')} options={{ complete: 'Complete it', time: 'Target time' }} />
            {fields.completionGoal === 'time' && (
              <TextField label="Target time" value={fields.targetTime} onChange={(e) => set('targetTime')(e.target.value)} placeholder="e.g. 5:30:00" />
            )}
            {common}
          </Tabs.Content>
          <Tabs.Content value="pr" className="mt-5 flex flex-col gap-4">
            <TextField label="Goal" value={fields.prGoal} onChange={(e) => set('prGoal')(e.target.value)} placeholder="e.g. Sub-20 minute 5k" />
            {kind}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Distance" value={fields.prDistance} onChange={(e) => set('prDistance')(e.target.value)} placeholder={imperial ? 'e.g. 3.1 mi' : 'e.g. 5 km'} />
              <TextField label="Elevation (optional)" value={fields.prElevation} onChange={(e) => set('prElevation')(e.target.value)} />
              <TextField label="Current PR (optional)" value={fields.currentPr} onChange={(e) => set('currentPr')(e.target.value)} placeholder="e.g. 21:40" />
              <TextField label="Target PR (optional)" value={fields.targetPr} onChange={(e) => set('targetPr')(e.target.value)} placeholder="e.g. 19:59" />
              <TextField label="Timeline" value={fields.prTimeline} onChange={(e) => set('prTimeline')(e.target.value)} placeholder="e.g. in 3 months" />
              {ftp}
            </div>
            {common}
          </Tabs.Content>
          <Tabs.Content value="general-fitness" className="mt-5 flex flex-col gap-4">
            <TextField label="Plan name" value={fields.planName} onChange={(e) => set('planName')(e.target.value)} placeholder="e.g. Strong all winter" />
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium text-fg">Activities</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {generalFitnessOptions.map((option) => (
                  <label
                    key={option}
                    className={clsx(
                      'flex h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm transition-colors',
                      selected.includes(option) ? 'border-accent bg-accent/10 text-fg' : 'border-line-strong text-fg-muted hover:border-fg-subtle',
                    )}
                  >
                    <input type="checkbox" className="size-4 accent-(--color-accent)" checked={selected.includes(option)} onChange={() => toggleActivity(option)} />
                    {option}
                  </label>
                ))}
              </div>
            </fieldset>
            {selected.includes('Other') && (
              <TextField label="Other activity" value={fields.otherActivity} onChange={(e) => set('otherActivity')(e.target.value)} placeholder="e.g. Swimming" />
            )}
            <TextField label="Plan duration" value={fields.planDuration} onChange={(e) => set('planDuration')(e.target.value)} placeholder="e.g. 12 weeks" />
            {common}
          </Tabs.Content>
        </Tabs.Root>
        {!plan && (
          <div className="flex flex-col gap-1">
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-fg">
              <input
                type="checkbox"
                className="size-4 accent-(--color-accent)"
                checked={activate}
                onChange={(event) => setActivate(event.target.checked)}
                aria-describedby="plan-activate-hint"
              />
              Make it my active plan
            </label>
            <p id="plan-activate-hint" className="pl-7 text-xs text-fg-subtle">
              {activate
                ? 'An active plan you have on the same days is switched off; you can undo that from your plans.'
                : 'The plan is saved switched off; your active plans stay as they are.'}
            </p>
          </div>
        )}
        {/* Shown here, inside the dialog: a toast would sit behind its backdrop. */}
        {(error ?? save.error) && (
          <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 px-3.5 py-2.5 text-sm text-danger">
            {error ?? saveFailedMessage(save.error, plan !== null)}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Generating plan...' : plan ? 'Update plan' : 'Create plan'}
          </Button>
        </div>
      </form>
  );
}
