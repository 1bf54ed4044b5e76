import type { HrZoneField } from '../../../shared/api/settings.ts';

interface HeartRateZonesFieldsProps {
  /** The group's name, read by screen readers ('Heart-rate zones, running'). */
  label?: string;
  zones: Record<HrZoneField, string>;
  onChange: (field: HrZoneField, value: string) => void;
}

const ROWS: { zone: number; min: HrZoneField | null; max: HrZoneField | null }[] = [
  { zone: 1, min: null, max: 'hrZone1Max' },
  { zone: 2, min: 'hrZone2Min', max: 'hrZone2Max' },
  { zone: 3, min: 'hrZone3Min', max: 'hrZone3Max' },
  { zone: 4, min: 'hrZone4Min', max: 'hrZone4Max' },
  { zone: 5, min: 'hrZone5Min', max: null },
];

/** Five heart-rate zones in bpm: zone 1 has only a max and zone 5 only a min (spec §3, §5). */
export function HeartRateZonesFields({ label = 'Heart-rate zones', zones, onChange }: HeartRateZonesFieldsProps) {
  const bound = (field: HrZoneField | null, fieldLabel: string, open: string) =>
    field === null ? (
      <span className="flex h-10 items-center px-3 text-sm text-fg-subtle">{open}</span>
    ) : (
      <input
        type="number"
        inputMode="numeric"
        step={1}
        min={30}
        max={250}
        aria-label={fieldLabel}
        value={zones[field]}
        onChange={(event) => onChange(field, event.target.value)}
        className="h-10 w-full min-w-0 rounded-lg border border-line-strong bg-canvas px-3 text-base text-fg tabular-nums hover:border-fg-subtle sm:text-sm"
      />
    );
  return (
    <div role="group" aria-label={label} className="grid max-w-md grid-cols-[4.5rem_1fr_auto_1fr] items-center gap-x-2 gap-y-2">
      <span aria-hidden />
      <span className="text-xs font-medium text-fg-subtle">Min (bpm)</span>
      <span aria-hidden />
      <span className="text-xs font-medium text-fg-subtle">Max (bpm)</span>
      {ROWS.map(({ zone, min, max }) => (
        <div key={zone} className="contents">
          <span className="pr-2 text-sm font-medium text-fg">Zone {zone}</span>
          {bound(min, `Zone ${zone} min`, 'from 0')}
          <span aria-hidden className="text-fg-subtle">
            –
          </span>
          {bound(max, `Zone ${zone} max`, 'and above')}
        </div>
      ))}
    </div>
  );
}
