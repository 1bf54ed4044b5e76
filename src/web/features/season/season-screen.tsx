import clsx from 'clsx';
import { useId, useMemo, useState } from 'react';
import type { AuthUser } from '../../../shared/api/auth.ts';
import type { SeasonAnswer, SeasonEvidence } from '../../../shared/api/season.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatCalendarDay, formatPace, measureText } from '../../../shared/format.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { localDay } from '../../lib/local-day.ts';
import { TextLink } from '../../ui/text-link.tsx';
import { ChartFigure, SeasonCurveChart, type SeasonCurve } from '../charts/index.ts';
import { useUnitSystem } from '../settings/index.ts';
import { AppLayout, AppSidebar } from '../shell/index.ts';
import { browserTimeZone, useSeason } from './api/season.ts';
import { daysOf, RANGE_LABELS, rangeKinds, rangeLabel, type RangeChoice, type RangeKind } from './season-range.ts';

const CHART_HEIGHT_PX = 268;
/** The durations the best-efforts list names: the landmarks athletes quote. */
const LANDMARKS_S = [5, 60, 300, 1200, 3600];
type PowerUnit = 'watts' | 'perKg';

const durationName = (durationS: number) =>
  durationS < 60 ? `${durationS} s` : durationS < 3600 ? `${durationS / 60} min` : `${durationS / 3600} h`;
const wattsText = (value: number) => `${Math.round(value)} W`;
const perKgText = (value: number) => `${value.toFixed(2)} W/kg`;
const monthName = (month: string) => new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
const activityHref = (evidence: SeasonEvidence) => `/activities/${evidence.activityId}`;

/**
 * /season (issue 30): the athlete's best power and pace by duration over a range of days, against
 * a second range on the same chart, and their FTP, critical power and max heart rate month by
 * month, every figure a link to the activity it came from. Watts read as W/kg too, from the
 * weight of each figure's day (the server's, ADR 0083).
 */
export function SeasonScreen({ user }: { user: AuthUser }) {
  const today = localDay();
  const tz = useMemo(() => browserTimeZone(), []);
  const [units] = useUnitSystem();
  const [first, setFirst] = useState<RangeChoice>({ kind: 'season', from: '', to: '' });
  const [second, setSecond] = useState<RangeChoice | null>({ kind: 'all', from: '', to: '' });
  const [powerUnit, setPowerUnit] = useState<PowerUnit>('watts');

  const firstDays = daysOf(first, today);
  const secondDays = second && daysOf(second, today);
  const firstSeason = useSeason('error' in firstDays ? null : firstDays, tz);
  const secondSeason = useSeason(secondDays === null || 'error' in secondDays ? null : secondDays, tz);
  const firstLabel = rangeLabel(first);
  const secondLabel = second ? rangeLabel(second) : null;
  // One array while the names stay, so the charts are not rebuilt on every render.
  const labels = useMemo<[string, string | null]>(() => [firstLabel, secondLabel], [firstLabel, secondLabel]);

  return (
    <AppLayout sidebar={<AppSidebar user={user} />}>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-3 pt-3 pb-10 sm:px-5">
        <h1 className="text-xl font-semibold tracking-tight text-fg">Season</h1>
        <section aria-label="Ranges" className="grid gap-3 sm:grid-cols-2">
          <RangePicker legend="Range" swatch="accent" value={first} onChange={(next) => next && setFirst(next)} error={'error' in firstDays ? firstDays.error : null} />
          <RangePicker
            legend="Compare with"
            swatch="muted"
            value={second}
            onChange={setSecond}
            error={secondDays !== null && 'error' in secondDays ? secondDays.error : null}
          />
        </section>
        <PowerFigure
          first={firstSeason.data}
          second={second ? secondSeason.data : undefined}
          labels={labels}
          error={firstSeason.error ?? (second ? secondSeason.error : null)}
          unit={powerUnit}
          onUnit={setPowerUnit}
        />
        <PaceFigure first={firstSeason.data} second={second ? secondSeason.data : undefined} labels={labels} units={units} error={firstSeason.error} />
        <Timeline season={firstSeason.data} label={firstLabel} unit={powerUnit} error={firstSeason.error} />
      </div>
    </AppLayout>
  );
}

function RangePicker({
  legend,
  swatch,
  value,
  onChange,
  error,
}: {
  legend: string;
  swatch: 'accent' | 'muted';
  value: RangeChoice | null;
  onChange: (next: RangeChoice | null) => void;
  error: string | null;
}) {
  const id = useId();
  const kinds: readonly (RangeKind | 'none')[] = swatch === 'muted' ? [...rangeKinds, 'none'] : rangeKinds;
  return (
    <fieldset className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-3">
      <legend className="sr-only">{legend}</legend>
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={`${id}-kind`} className="flex items-center gap-2 text-sm font-medium text-fg">
            <span aria-hidden className={clsx('inline-block w-4 border-t-2', swatch === 'accent' ? 'border-accent' : 'border-dashed border-fg-muted')} />
            {legend}
          </label>
          <select
            id={`${id}-kind`}
            value={value?.kind ?? 'none'}
            onChange={(event) => {
              const kind = event.target.value as RangeKind | 'none';
              onChange(kind === 'none' ? null : { kind, from: value?.from ?? '', to: value?.to ?? '' });
            }}
            className="h-11 w-full rounded-lg border border-line-strong bg-canvas px-3 text-base text-fg sm:text-sm"
          >
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {kind === 'none' ? 'Nothing' : RANGE_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {value?.kind === 'custom' && (
        <div className="grid grid-cols-2 gap-2">
          <DayInput label="From" value={value.from} onChange={(from) => onChange({ ...value, from })} />
          <DayInput label="To" value={value.to} onChange={(to) => onChange({ ...value, to })} />
        </div>
      )}
      {error && value?.kind === 'custom' && (value.from !== '' || value.to !== '') && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function DayInput({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-fg-muted">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full min-w-0 rounded-lg border border-line-strong bg-canvas px-2 text-base text-fg sm:text-sm"
      />
    </div>
  );
}

/** W or W/kg, as a segmented control of native radio buttons (as the calendar's views). */
function PowerUnitSwitch({ value, onChange }: { value: PowerUnit; onChange: (unit: PowerUnit) => void }) {
  const name = useId();
  const options: [PowerUnit, string][] = [
    ['watts', 'W'],
    ['perKg', 'W/kg'],
  ];
  return (
    <fieldset className="flex self-start rounded-lg border border-line-strong bg-surface p-0.5">
      <legend className="sr-only">Power shown as</legend>
      {options.map(([unit, text]) => (
        <label
          key={unit}
          className={clsx(
            'flex h-8 cursor-pointer items-center rounded-md px-3 text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-accent',
            value === unit ? 'bg-surface-raised text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
          )}
        >
          <input type="radio" name={name} value={unit} checked={value === unit} onChange={() => onChange(unit)} className="sr-only" />
          {text}
        </label>
      ))}
    </fieldset>
  );
}

function powerCurve(season: SeasonAnswer, label: string, unit: PowerUnit): SeasonCurve {
  const values = unit === 'watts' ? season.power.watts : season.power.wattsPerKg;
  return { label, points: season.power.durationsS.map((durationS, k) => ({ durationS, value: values[k] ?? null })) };
}

function PowerFigure({
  first,
  second,
  labels,
  error,
  unit,
  onUnit,
}: {
  first: SeasonAnswer | undefined;
  second: SeasonAnswer | undefined;
  labels: [string, string | null];
  error: unknown;
  unit: PowerUnit;
  onUnit: (unit: PowerUnit) => void;
}) {
  const curves = useMemo<[SeasonCurve, SeasonCurve | null] | null>(
    () => (first ? [powerCurve(first, labels[0], unit), second && labels[1] ? powerCurve(second, labels[1], unit) : null] : null),
    [first, second, labels, unit],
  );
  const noWeight = unit === 'perKg' && first !== undefined && first.power.wattsPerKg.length > 0 && first.power.wattsPerKg.every((value) => value === null);
  const state = error
    ? { empty: userFacingMessage(error, 'The power curve could not be loaded.') }
    : !first || !curves
      ? ('loading' as const)
      : first.power.activityCount === 0
        ? { empty: 'No activity with measured power in this range.' }
        : noWeight
          ? { empty: 'W/kg needs your weight: add it under Settings or in a check-in.' }
          : ('ready' as const);
  const format = unit === 'watts' ? wattsText : perKgText;
  const summary = first
    ? `Best power by duration, ${labels[0]}: ${LANDMARKS_S.flatMap((durationS) => {
        const k = first.power.durationsS.indexOf(durationS);
        const value = k < 0 ? null : unit === 'watts' ? first.power.watts[k] : first.power.wattsPerKg[k];
        return value === null || value === undefined ? [] : [`${durationName(durationS)} ${format(value)}`];
      }).join(', ')}.`
    : '';

  return (
    <div className="flex flex-col gap-2">
      <PowerUnitSwitch value={unit} onChange={onUnit} />
      <ChartFigure
        title="Power-duration curve"
        caption={`Best power held for each duration${labels[1] ? `: ${labels[0]} against ${labels[1]}` : `, ${labels[0]}`}`}
        state={state}
        heightPx={CHART_HEIGHT_PX}
      >
        {curves && (
          <SeasonCurveChart curves={curves} formatValue={format} formatAxis={(value) => (unit === 'watts' ? String(Math.round(value)) : value.toFixed(1))} summary={summary} />
        )}
      </ChartFigure>
      {first && first.power.activityCount > 0 && <BestEfforts season={first} second={second} labels={labels} unit={unit} />}
    </div>
  );
}

/** The landmark durations of the first range, each linked to the activity that set it, with critical power. */
function BestEfforts({ season, second, labels, unit }: { season: SeasonAnswer; second: SeasonAnswer | undefined; labels: [string, string | null]; unit: PowerUnit }) {
  const valueText = (answer: SeasonAnswer, k: number) => {
    const value = unit === 'watts' ? answer.power.watts[k] : answer.power.wattsPerKg[k];
    return value === null || value === undefined ? '–' : unit === 'watts' ? wattsText(value) : perKgText(value);
  };
  const cp = (answer: SeasonAnswer | undefined, label: string | null) =>
    answer?.power.criticalPower && label ? (
      <li>
        Critical power, {label}: <span className="font-medium whitespace-nowrap text-fg tabular-nums">{answer.power.criticalPower.criticalPowerW} W</span>, W′{' '}
        <span className="font-medium whitespace-nowrap text-fg tabular-nums">{(answer.power.criticalPower.wPrimeJ / 1000).toFixed(1)} kJ</span>
      </li>
    ) : null;
  return (
    <section aria-label={`Best efforts, ${labels[0]}`} className="rounded-2xl border border-line bg-surface p-4 text-sm">
      <h2 className="text-sm font-semibold text-fg">Best efforts, {labels[0]}</h2>
      <ul className="mt-2 grid gap-1.5 sm:grid-cols-2">
        {LANDMARKS_S.map((durationS) => {
          const k = season.power.durationsS.indexOf(durationS);
          if (k < 0) return null;
          const evidence = season.power.evidence[k]!;
          return (
            <li key={durationS} className="flex flex-wrap items-baseline gap-x-2">
              <span className="w-14 text-fg-muted">{durationName(durationS)}</span>
              <span className="font-medium text-fg tabular-nums">{valueText(season, k)}</span>
              <TextLink href={activityHref(evidence)} className="min-w-0 truncate">
                {evidence.name}, {formatCalendarDay(evidence.date)}
              </TextLink>
            </li>
          );
        })}
      </ul>
      <ul className="mt-2 flex flex-col gap-1 text-fg-muted">
        {cp(season, labels[0])}
        {cp(second, labels[1])}
      </ul>
    </section>
  );
}

function paceCurve(season: SeasonAnswer, label: string): SeasonCurve {
  return { label, points: season.pace.efforts.map((effort) => ({ durationS: effort.elapsedS, value: effort.paceSPerKm })) };
}

function PaceFigure({
  first,
  second,
  labels,
  units,
  error,
}: {
  first: SeasonAnswer | undefined;
  second: SeasonAnswer | undefined;
  labels: [string, string | null];
  units: UnitSystem;
  error: unknown;
}) {
  const curves = useMemo<[SeasonCurve, SeasonCurve | null] | null>(
    () => (first ? [paceCurve(first, labels[0]), second && labels[1] ? paceCurve(second, labels[1]) : null] : null),
    [first, second, labels],
  );
  const state = error
    ? { empty: userFacingMessage(error, 'The pace curve could not be loaded.') }
    : !first || !curves
      ? ('loading' as const)
      : first.pace.efforts.length === 0
        ? { empty: 'No run with best efforts in this range.' }
        : ('ready' as const);
  const summary = first
    ? `Fastest pace by duration, ${labels[0]}: ${first.pace.efforts.map((effort) => `${effort.distanceM} m in ${Math.round(effort.elapsedS)} s, ${measureText(formatPace(effort.paceSPerKm, units))}`).join('; ')}.`
    : '';
  return (
    <div className="flex flex-col gap-2">
      <ChartFigure
        title="Pace-duration curve"
        caption={`Fastest pace of your runs' best efforts by how long they lasted${labels[1] ? `: ${labels[0]} against ${labels[1]}` : `, ${labels[0]}`}`}
        state={state}
        heightPx={CHART_HEIGHT_PX}
      >
        {curves && (
          <SeasonCurveChart
            curves={curves}
            formatValue={(value) => measureText(formatPace(value, units))}
            formatAxis={(value) => formatPace(value, units).value}
            lowerIsBetter
            summary={summary}
          />
        )}
      </ChartFigure>
      {first && first.pace.efforts.length > 0 && (
        <section aria-label={`Fastest runs, ${labels[0]}`} className="rounded-2xl border border-line bg-surface p-4 text-sm">
          <h2 className="text-sm font-semibold text-fg">Fastest efforts, {labels[0]}</h2>
          <ul className="mt-2 grid gap-1.5 sm:grid-cols-2">
            {first.pace.efforts.map((effort) => (
              <li key={effort.distanceM} className="flex flex-wrap items-baseline gap-x-2">
                <span className="w-20 text-fg-muted">{effortDistance(effort.distanceM)}</span>
                <span className="font-medium text-fg tabular-nums">{measureText(formatPace(effort.paceSPerKm, units))}</span>
                <TextLink href={activityHref(effort)} className="min-w-0 truncate">
                  {effort.name}, {formatCalendarDay(effort.date)}
                </TextLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

const EFFORT_NAMES: Record<string, string> = { '400': '400 m', '1000': '1 km', '1609.344': '1 mile', '5000': '5 km', '10000': '10 km', '21097.5': 'Half marathon', '42195': 'Marathon' };
const effortDistance = (distanceM: number) => EFFORT_NAMES[String(distanceM)] ?? `${Math.round(distanceM)} m`;

/** FTP, critical power and max heart rate of each month of the first range, each a link to the activity it came from. */
function Timeline({ season, label, unit, error }: { season: SeasonAnswer | undefined; label: string; unit: PowerUnit; error: unknown }) {
  if (error || !season) return null;
  const power = (point: { watts: number; wattsPerKg: number | null } | null) =>
    point === null ? null : unit === 'watts' || point.wattsPerKg === null ? wattsText(point.watts) : perKgText(point.wattsPerKg);
  const cell = (evidence: SeasonEvidence | null, text: string | null, what: string, month: string) =>
    evidence && text ? (
      <TextLink href={activityHref(evidence)} aria-label={`${what} ${text} in ${monthName(month)}: ${evidence.name}, ${formatCalendarDay(evidence.date)}`} className="tabular-nums">
        {text}
      </TextLink>
    ) : (
      <span className="text-fg-subtle">–</span>
    );
  const months = [...season.timeline].reverse();
  return (
    <section aria-labelledby="season-timeline" className="rounded-2xl border border-line bg-surface p-4">
      <h2 id="season-timeline" className="text-sm font-semibold text-fg">
        FTP, critical power and max heart rate by month
      </h2>
      <p className="text-xs text-fg-subtle">
        {label}: FTP is 95 % of the month's best 20 minutes, critical power is fitted to its best 3 to 20 minutes. Each figure opens the activity it came from.
      </p>
      {months.length === 0 ? (
        <p className="mt-3 text-sm text-fg-muted">No activity in this range gives these figures.</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-fg-subtle">
              <th scope="col" className="py-1 font-medium">
                Month
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                FTP
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                CP
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Max HR
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month} className="border-t border-line">
                <th scope="row" className="py-1.5 text-left font-normal text-fg-muted">
                  {monthName(month.month)}
                </th>
                <td className="py-1.5 text-right">{cell(month.ftp, power(month.ftp), 'FTP', month.month)}</td>
                <td className="py-1.5 text-right">{cell(month.criticalPower, power(month.criticalPower), 'Critical power', month.month)}</td>
                <td className="py-1.5 text-right">
                  {cell(month.maxHeartRate, month.maxHeartRate && `${month.maxHeartRate.bpm} bpm`, 'Max heart rate', month.month)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
