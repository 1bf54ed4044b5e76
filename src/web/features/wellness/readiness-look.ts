import type { ReadinessSignal, ReadinessState } from '../../../shared/api/wellness.ts';

/** How each state reads and looks, on Home, the check-in and the sparkline; a day without readings has no state: 'No data', grey. */
export const STATE_LOOK: Record<ReadinessState, { label: string; text: string; fill: string; badge: string }> = {
  ready: { label: 'Ready', text: 'text-success', fill: 'fill-success', badge: 'border-success/40 bg-success/10 text-success' },
  steady: { label: 'Steady', text: 'text-pulse', fill: 'fill-pulse', badge: 'border-pulse/40 bg-pulse/10 text-pulse' },
  strained: { label: 'Strained', text: 'text-danger', fill: 'fill-danger', badge: 'border-danger/40 bg-danger/10 text-danger' },
  unknown: { label: 'No data', text: 'text-fg-subtle', fill: 'fill-line', badge: 'border-line-strong bg-surface-raised text-fg-muted' },
};

export const SIGNAL_LOOK: Record<ReadinessSignal, { label: string; dot: string }> = {
  good: { label: 'good', dot: 'bg-success' },
  neutral: { label: 'neutral', dot: 'bg-fg-subtle' },
  poor: { label: 'holds back', dot: 'bg-danger' },
};
