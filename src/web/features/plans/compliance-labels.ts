import { CircleCheck, CircleDashed, CircleHelp, CircleMinus, CircleX, Moon, type LucideIcon } from 'lucide-react';
import type { ComplianceBand, DayStatus } from '../../../shared/api/plan-compliance.ts';
import { formatDurationWords } from '../../../shared/format.ts';

/** How a day's status reads: colour is never the only cue, every status has a word and an icon. */
export const STATUS_LABELS: Record<DayStatus, { label: string; icon: LucideIcon }> = {
  completed: { label: 'Completed', icon: CircleCheck },
  partial: { label: 'Partial', icon: CircleMinus },
  missed: { label: 'Missed', icon: CircleX },
  future: { label: 'Planned', icon: CircleDashed },
  rest: { label: 'Rest', icon: Moon },
  unplanned: { label: 'Unplanned', icon: CircleHelp },
};

/** The band's colour as text, border and fill classes (design tokens in app/styles.css). */
export const BAND_CLASSES: Record<ComplianceBand, { text: string; border: string; fill: string }> = {
  green: { text: 'text-success', border: 'border-success/60', fill: 'bg-success' },
  amber: { text: 'text-band-amber', border: 'border-band-amber/60', fill: 'bg-band-amber' },
  orange: { text: 'text-band-orange', border: 'border-band-orange/60', fill: 'bg-band-orange' },
  red: { text: 'text-danger', border: 'border-danger/60', fill: 'bg-danger' },
};

export const BAND_LABELS: Record<ComplianceBand, string> = {
  green: 'on plan (80–120 %)',
  amber: 'off plan (50–79 % or 121–150 %)',
  orange: 'far off plan (under 50 % or over 150 %)',
  red: 'missed',
};

export const minutesText = (minutes: number) => formatDurationWords(minutes * 60);

/** 'Cycling - threshold' → 'Cycling · threshold'. */
export const sessionName = (name: string) => name.replace(' - ', ' · ');
