import clsx from 'clsx';
import { useId } from 'react';
import { Switch } from '../../ui/switch.tsx';
import { useUnitSystem } from './use-unit-system.ts';

/** The sidebar's 'Units' switch (spec §2): metric off, imperial on. */
export function UnitsSwitch() {
  const [units, setUnits] = useUnitSystem();
  const labelId = useId();
  const imperial = units === 'imperial';
  return (
    <div className="flex items-center justify-between gap-3">
      <span id={labelId} className="text-sm font-medium text-fg">
        Units
      </span>
      <span className="flex items-center gap-2 text-xs font-medium">
        <span aria-hidden className={clsx(imperial ? 'text-fg-subtle' : 'text-fg')}>
          Metric
        </span>
        <Switch
          aria-labelledby={labelId}
          aria-describedby={`${labelId}-value`}
          checked={imperial}
          onCheckedChange={(checked) => setUnits(checked ? 'imperial' : 'metric')}
        />
        <span aria-hidden className={clsx(imperial ? 'text-fg' : 'text-fg-subtle')}>
          Imperial
        </span>
        <span id={`${labelId}-value`} className="sr-only">
          {imperial ? 'Imperial: miles and feet' : 'Metric: kilometres and metres'}
        </span>
      </span>
    </div>
  );
}
