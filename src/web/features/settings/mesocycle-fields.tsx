import clsx from 'clsx';
import { useId } from 'react';
import { MESOCYCLE_WEEK_INFO, type MesocycleWeek } from '../../../shared/domain/mesocycle.ts';
import { Switch } from '../../ui/switch.tsx';
import { startedRelative } from '../../lib/format/started-relative.ts';

interface MesocycleFieldsProps {
  enabled: boolean;
  week: MesocycleWeek;
  weekStartDate: string | null;
  onEnabledChange: (enabled: boolean) => void;
  onWeekChange: (week: MesocycleWeek) => void;
}

const WEEKS: MesocycleWeek[] = [1, 2, 3, 4];

/** The four-week load cycle (spec §3, §4): a switch, the week picker, and what the week is for. */
export function MesocycleFields({ enabled, week, weekStartDate, onEnabledChange, onWeekChange }: MesocycleFieldsProps) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-4">
        <div>
          <p id={labelId} className="text-sm font-medium text-fg">
            Four-week load cycle
          </p>
          <p className="text-xs text-fg-muted">Your coach plans around build, load, consolidation and recovery weeks.</p>
        </div>
        <Switch aria-labelledby={labelId} checked={enabled} onCheckedChange={onEnabledChange} />
      </div>
      {enabled && (
        <>
          <div role="radiogroup" aria-label="Current week" className="grid grid-cols-4 gap-2">
            {WEEKS.map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={option === week}
                onClick={() => onWeekChange(option)}
                className={clsx(
                  'flex h-10 items-center justify-center rounded-lg border text-sm font-medium transition-colors',
                  option === week ? 'border-accent bg-accent/10 text-accent' : 'border-line-strong text-fg-muted hover:border-fg-subtle hover:text-fg',
                )}
              >
                Week {option}
              </button>
            ))}
          </div>
          <div className="rounded-lg bg-surface-raised px-3.5 py-2.5">
            {weekStartDate && (
              <p className="text-sm font-medium text-fg">
                Week {week} - Started {startedRelative(weekStartDate)}
              </p>
            )}
            <p className="text-xs text-fg-muted">
              {MESOCYCLE_WEEK_INFO[week].name}: {MESOCYCLE_WEEK_INFO[week].intent}
            </p>
          </div>
        </>
      )}
    </div>
  );
}
