import clsx from 'clsx';
import type { RideDetailInfo } from '../../../shared/domain/ride-detail.ts';
import { RIDE_DETAIL_ICONS } from './ride-detail-icons.ts';

interface RideDetailOptionProps {
  option: RideDetailInfo;
  selected: boolean;
  /** Click, tap, Enter and Space all toggle (a native button turns each into a click). */
  onToggle: () => void;
}

export function RideDetailOption({ option, selected, onToggle }: RideDetailOptionProps) {
  const Icon = RIDE_DETAIL_ICONS[option.id];
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onToggle}
      className={clsx(
        'flex items-start gap-3 rounded-xl border p-3.5 text-left transition-colors',
        selected ? 'border-accent bg-accent/10' : 'border-line-strong hover:border-fg-subtle hover:bg-surface-raised',
      )}
    >
      <Icon aria-hidden className={clsx('mt-0.5 size-5 shrink-0', selected ? 'text-accent' : 'text-fg-muted')} />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="text-sm font-semibold text-fg">{option.title}</span>
        <span className="text-xs text-fg-muted">{option.description}</span>
      </span>
    </button>
  );
}
