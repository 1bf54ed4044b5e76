import clsx from 'clsx';
import { useState } from 'react';
import {
  FTP_RANGE_W,
  preferredActivities,
  WEIGHT_RANGE_KG,
  type AthleteProfile,
  type HrSport,
  type HrZoneField,
  type PreferredActivity,
  type UserSettings,
} from '../../../shared/api/settings.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatDay, formatPace, measureText, weightInUnits, weightUnit } from '../../../shared/format.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { useUpdateUserSettings } from './api/user-settings.ts';
import { CoachingStyleCards } from '../analysis/index.ts';
import { initialForm, profileUpdate, weightProblem, withMesocycleEnabled, withMesocycleWeek, type CoachingProfileForm } from './coaching-profile-form.ts';
import {
  ftpDepartureText,
  ftpInUseText,
  perKgAfter,
  weightSourceText,
  ftpOffer,
  heartRateInUse,
  maxHrEvidenceText,
  maxHrOffers,
  thresholdInUseText,
  zonesInUseText,
  zonesOffer,
  zonesText,
  type HeartRateScope,
} from './coaching-profile-offers.ts';
import { HeartRateZonesFields } from './heart-rate-zones-fields.tsx';
import { MesocycleFields } from './mesocycle-fields.tsx';
import { ProfileSection as Section } from './profile-section.tsx';
import { ProfileSuggestion } from './profile-suggestion.tsx';

const ACTIVITY_LABELS: Record<PreferredActivity, string> = { running: 'Running', cycling: 'Cycling', lifting: 'Lifting' };

const bpmText = (value: number) => `${value} bpm`;

/** The thresholds for every sport the athlete may set, each with what is in use beside it (ADR 0025); the pace per km or per mile. */
function thresholdFields(units: UnitSystem): {
  field: 'athleteRestingHr' | 'athleteThresholdPace';
  label: string;
  inUse: (effective: UserSettings['effective']) => string | null;
}[] {
  return [
    { field: 'athleteRestingHr', label: 'Resting heart rate (bpm)', inUse: (effective) => thresholdInUseText(effective.heartRate.restingHrBpm, bpmText) },
    {
      field: 'athleteThresholdPace',
      label: `Running threshold pace (min:s per ${units === 'imperial' ? 'mile' : 'km'})`,
      inUse: (effective) => thresholdInUseText(effective.running.thresholdPaceSPerKm, (seconds) => measureText(formatPace(seconds, units))),
    },
  ];
}

const SCOPES: { scope: HeartRateScope; label: string }[] = [
  { scope: 'all', label: 'All sports' },
  { scope: 'cycling', label: 'Cycling' },
  { scope: 'running', label: 'Running' },
];

const SCOPE_NOTES: Record<HeartRateScope, string> = {
  all: 'Used for every sport, and for cycling and running where they have none of their own.',
  cycling: 'Only for rides. Blank fields use the values for all sports.',
  running: 'Only for runs and their workout files. Blank fields use the values for all sports.',
};

/** A day of the evidence in the one date shape (ADR 0072). */
const mediumDate = (iso: string) => formatDay(iso);

interface CoachingProfileEditorProps {
  settings: UserSettings;
  profile: AthleteProfile | null;
  onClose: () => void;
}

/**
 * The coaching profile's fields (spec §4): initialised once from settings, with an unsaved-changes
 * flag that any edit sets; Save is enabled only then, and a successful save closes the overlay.
 * Beyond the spec, Kairo's own estimates (FTP from the best 20 minutes, zones from the highest heart
 * rate) are offered with their evidence beside empty or differing fields, each accepted in one
 * click; they are never filled in unasked, so a save stores only what the athlete chose.
 */
export function CoachingProfileEditor({ settings, profile, onClose }: CoachingProfileEditorProps) {
  const [initial] = useState(() => initialForm(settings, profile, new Date()));
  const [form, setForm] = useState(initial.form);
  const [changed, setChanged] = useState(initial.changed);
  const [scope, setScope] = useState<HeartRateScope>('all');
  const save = useUpdateUserSettings({
    onSaved: () => {
      showToast({ title: 'Coaching profile updated successfully' });
      onClose();
    },
    onFailed: (error) => showToast({ tone: 'error', title: 'Failed to update coaching profile', description: userFacingMessage(error, 'Please try again.') }),
  });

  const edit = (next: CoachingProfileForm) => {
    setForm(next);
    setChanged(true);
  };
  /** The max heart rate, LTHR and zones of the scope shown: the fields for all sports or a sport's own. */
  const scoped =
    scope === 'all' ? { athleteMaxHr: form.athleteMaxHr, athleteLthr: form.athleteLthr, zones: form.zones } : form.sportHeartRate[scope];
  const editScoped = (changes: Partial<typeof scoped>) =>
    edit(scope === 'all' ? { ...form, ...changes } : { ...form, sportHeartRate: { ...form.sportHeartRate, [scope]: { ...form.sportHeartRate[scope as HrSport], ...changes } } });
  const setZone = (field: HrZoneField, value: string) => editScoped({ zones: { ...scoped.zones, [field]: value } });
  const toggleActivity = (activity: PreferredActivity) =>
    edit({
      ...form,
      preferredActivities: form.preferredActivities.includes(activity)
        ? form.preferredActivities.filter((entry) => entry !== activity)
        : [...form.preferredActivities, activity],
    });

  function submit() {
    const problem = weightProblem(form, initial.form);
    if (problem) {
      showToast({ tone: 'error', title: 'Failed to update coaching profile', description: problem });
      return;
    }
    save.mutate(profileUpdate(form, initial.form));
  }

  const ftp = ftpOffer(form, profile);
  const zones = zonesOffer(form, settings, profile);
  const ftpInUse = ftpInUseText(settings.effective, mediumDate, settings.athleteWeight);
  const weightFrom = weightSourceText(settings);
  const ftpDeparture = ftpDepartureText(settings.effective);
  const zonesInUse = zonesInUseText(settings.effective, scope);
  const heartRate = heartRateInUse(settings.effective, scope);
  const scopeLabel = SCOPES.find((entry) => entry.scope === scope)!.label;
  const maxHrEstimate = scope === 'all' ? settings.effective.estimates.maxHrBpm : settings.effective.estimates.maxHrBpmBySport[scope];
  const maxHrSuggestions = maxHrOffers(form, settings.effective);

  return (
    <form
      className="mt-6 flex flex-col gap-7"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed && !save.isPending) submit();
      }}
    >
      <Section title="Preferred activities">
        <div role="group" aria-label="Preferred activities" className="flex flex-wrap gap-2">
          {preferredActivities.map((activity) => {
            const checked = form.preferredActivities.includes(activity);
            return (
              <button
                key={activity}
                type="button"
                aria-pressed={checked}
                onClick={() => toggleActivity(activity)}
                className={clsx(
                  'h-9 rounded-full border px-4 text-sm font-medium transition-colors',
                  checked ? 'border-accent bg-accent/10 text-accent' : 'border-line-strong text-fg-muted hover:border-fg-subtle hover:text-fg',
                )}
              >
                {ACTIVITY_LABELS[activity]}
              </button>
            );
          })}
        </div>
      </Section>

      <Section title="Coaching style">
        <CoachingStyleCards
          value={form.coachingStyle}
          onChange={(coachingStyle) => edit({ ...form, coachingStyle })}
          customInstructions={form.customInstructions}
          onCustomInstructionsChange={(customInstructions) => edit({ ...form, customInstructions })}
        />
      </Section>

      <Section title="Athlete">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Athlete name"
            autoComplete="name"
            maxLength={100}
            className="sm:col-span-2"
            value={form.athleteName}
            onChange={(event) => edit({ ...form, athleteName: event.target.value })}
          />
          <div className="flex flex-col gap-1">
            <TextField
              label={`Weight (${weightUnit(initial.form.paceUnits)})`}
              type="number"
              inputMode="decimal"
              step={0.1}
              min={Math.ceil(weightInUnits(WEIGHT_RANGE_KG.min, initial.form.paceUnits))}
              max={Math.floor(weightInUnits(WEIGHT_RANGE_KG.max, initial.form.paceUnits))}
              value={form.athleteWeight}
              onChange={(event) => edit({ ...form, athleteWeight: event.target.value })}
            />
            {weightFrom && form.athleteWeight === initial.form.athleteWeight && <p className="text-xs text-fg-muted">{weightFrom}</p>}
          </div>
          <TextField
            label="FTP (W)"
            type="number"
            inputMode="numeric"
            step={1}
            min={FTP_RANGE_W.min}
            max={FTP_RANGE_W.max}
            value={form.athleteFtp}
            onChange={(event) => edit({ ...form, athleteFtp: event.target.value })}
          />
        </div>
        {ftpInUse && <p className="text-xs text-fg-muted">{ftpInUse}</p>}
        {ftp && (
          <ProfileSuggestion label="Suggested FTP" actionLabel={`Use ${ftp.ftpW} W`} onAccept={() => edit({ ...form, athleteFtp: String(ftp.ftpW) })}>
            Suggested FTP {ftp.ftpW} W{perKgAfter(ftp.ftpW, settings.athleteWeight)}
            {ftpDeparture ? ` (${ftpDeparture})` : ''}: 95% of your best 20-minute power, {ftp.best20MinPowerW} W, on{' '}
            <span className="text-fg">{ftp.activityName}</span> ({mediumDate(ftp.startDate)}).
          </ProfileSuggestion>
        )}
      </Section>

      <Section title="Resting heart rate and running">
        <div className="grid gap-4 sm:grid-cols-2">
          {thresholdFields(initial.form.paceUnits).map(({ field, label, inUse }) => (
            <div key={field} className="flex flex-col gap-1">
              <TextField
                label={label}
                inputMode={field === 'athleteThresholdPace' ? 'text' : 'numeric'}
                placeholder={field === 'athleteThresholdPace' ? 'm:ss' : undefined}
                value={form[field]}
                onChange={(event) => edit({ ...form, [field]: event.target.value })}
              />
              {inUse(settings.effective) && <p className="text-xs text-fg-muted">{inUse(settings.effective)}</p>}
            </div>
          ))}
        </div>
      </Section>

      <Section title="Heart rate by sport">
        <div role="group" aria-label="Heart rate for" className="flex flex-wrap gap-2">
          {SCOPES.map((entry) => (
            <button
              key={entry.scope}
              type="button"
              aria-pressed={scope === entry.scope}
              onClick={() => setScope(entry.scope)}
              className={clsx(
                'h-9 rounded-full border px-4 text-sm font-medium transition-colors',
                scope === entry.scope ? 'border-accent bg-accent/10 text-accent' : 'border-line-strong text-fg-muted hover:border-fg-subtle hover:text-fg',
              )}
            >
              {entry.label}
            </button>
          ))}
        </div>
        <p className="text-xs text-fg-muted">{SCOPE_NOTES[scope]}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {(
            [
              { field: 'athleteMaxHr', label: `Max HR, ${scopeLabel.toLowerCase()} (bpm)`, inUse: heartRate.maxHrBpm },
              { field: 'athleteLthr', label: `LTHR, ${scopeLabel.toLowerCase()} (bpm)`, inUse: heartRate.lthrBpm },
            ] as const
          ).map(({ field, label, inUse }) => (
            <div key={field} className="flex flex-col gap-1">
              <TextField label={label} inputMode="numeric" value={scoped[field]} onChange={(event) => editScoped({ [field]: event.target.value })} />
              {thresholdInUseText(inUse, bpmText) && <p className="text-xs text-fg-muted">{thresholdInUseText(inUse, bpmText)}</p>}
            </div>
          ))}
        </div>
        {maxHrEstimate && (
          <p className="text-xs text-fg-muted">
            Estimated max HR, {scopeLabel.toLowerCase()}: {maxHrEstimate.value} bpm. {maxHrEvidenceText(maxHrEstimate, scope === 'all' ? null : scope, mediumDate)}
          </p>
        )}
        {maxHrSuggestions.map((offer) => (
          <ProfileSuggestion
            key={offer.sport}
            label={offer.label}
            actionLabel={`Use ${offer.estimate.value} bpm`}
            onAccept={() => {
              edit({ ...form, sportHeartRate: { ...form.sportHeartRate, [offer.sport]: { ...form.sportHeartRate[offer.sport], athleteMaxHr: String(offer.estimate.value) } } });
              setScope(offer.sport);
            }}
          >
            {offer.label} {offer.estimate.value} bpm ({offer.departure}). {maxHrEvidenceText(offer.estimate, offer.sport, mediumDate)}
          </ProfileSuggestion>
        ))}
        <HeartRateZonesFields label={`Heart-rate zones, ${scopeLabel.toLowerCase()}`} zones={scoped.zones} onChange={setZone} />
        {zonesInUse && <p className="text-xs text-fg-muted">{zonesInUse}</p>}
        {scope === 'all' && zones && (
          <ProfileSuggestion label="Suggested heart-rate zones" actionLabel="Use these zones" onAccept={() => edit({ ...form, zones: zones.fields })}>
            {zones.from === 'strava' ? (
              <>Your Strava zones: </>
            ) : (
              <>
                Suggested zones from your estimated max heart rate, {zones.evidence.maxHeartrateBpm} bpm, on{' '}
                <span className="text-fg">{zones.evidence.activityName}</span> ({mediumDate(zones.evidence.startDate)}):{' '}
              </>
            )}
            {zonesText(zones.zones)}.
          </ProfileSuggestion>
        )}
      </Section>

      <Section title="Training cycle">
        <MesocycleFields
          enabled={form.mesocycleEnabled}
          week={form.mesocycleCurrentWeek}
          weekStartDate={form.mesocycleWeekStartDate}
          onEnabledChange={(enabled) => edit(withMesocycleEnabled(form, enabled, new Date()))}
          onWeekChange={(week) => edit(withMesocycleWeek(form, week, new Date()))}
        />
      </Section>

      <div className="sticky -bottom-5 -mx-5 flex items-center justify-end gap-3 border-t border-line bg-surface px-5 py-4 sm:-bottom-8 sm:-mx-8 sm:px-8">
        {changed && <span className="mr-auto text-xs text-fg-muted">Unsaved changes</span>}
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={!changed || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
