import { builtWorkout, type BuiltWorkout, type EditSport, type WorkoutStep, type WorkoutTarget } from '../../../shared/api/plan-edits.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { parsePacePerKm } from '../settings/index.ts';

/**
 * The workout builder's form (issue 30) as typed, and the workout it stands for: the steps the
 * shared contract (shared/api/plan-edits.ts) takes, checked by its own schema so the form says
 * exactly what the server would.
 */

/** How the workout's steps are targeted: one kind for all its steps. */
export type TargetKind = WorkoutTarget['kind'];

export const TARGET_KINDS: Record<TargetKind, { label: string; unit: (units: UnitSystem) => string }> = {
  watts: { label: 'Power (W)', unit: () => 'W' },
  ftpPct: { label: '% of FTP', unit: () => '% FTP' },
  pace: { label: 'Pace', unit: (units) => (units === 'imperial' ? '/mi' : '/km') },
  heartRate: { label: 'Heart rate (bpm)', unit: () => 'bpm' },
  hrZone: { label: 'Heart-rate zone', unit: () => 'zone' },
};

/** The target kinds a sport's steps may take: pace is for runs. */
export const targetKindsFor = (sport: EditSport): TargetKind[] =>
  sport === 'cycling' ? ['watts', 'ftpPct', 'heartRate', 'hrZone'] : ['pace', 'heartRate', 'hrZone', 'watts'];

export interface PartDraft {
  /** Minutes ('4') or m:ss ('4:30'). */
  duration: string;
  /** The target's number as typed (m:ss for a pace). */
  target: string;
}

export type StepDraft =
  | { key: number; type: 'warmup' | 'steady' | 'cooldown'; part: PartDraft }
  | { key: number; type: 'intervals'; repeats: string; work: PartDraft; recovery: PartDraft };

export interface WorkoutDraft {
  title: string;
  sport: EditSport;
  targetKind: TargetKind;
  steps: StepDraft[];
}

export const STEP_LABELS: Record<StepDraft['type'], string> = {
  warmup: 'Warm-up',
  steady: 'Steady',
  intervals: 'Repeats',
  cooldown: 'Cool-down',
};

/** The steps with the one at `index` moved `by` places (−1 up, +1 down); unchanged at either end. */
export function moveStep<T>(steps: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= steps.length || to < 0 || to >= steps.length) return [...steps];
  const moved = [...steps];
  [moved[index], moved[to]] = [moved[to]!, moved[index]!];
  return moved;
}

/** A field of the form, as its error is filed: 'title', 'steps.2.work.duration', 'steps.0.target'. */
export type FieldKey = string;

export const DURATION_FORMAT = 'Give the time as minutes (10) or m:ss (4:30).';
export const TARGET_FORMAT: Record<TargetKind, string> = {
  watts: 'Give the power as whole watts.',
  ftpPct: 'Give a whole % of FTP.',
  pace: 'Give the pace as m:ss.',
  heartRate: 'Give the heart rate as whole bpm.',
  hrZone: 'Give a zone from 1 to 5.',
};
export const REPEATS_FORMAT = 'Give the repeats as a whole number.';

/** Seconds from '10' (minutes) or '4:30' (m:ss); null when it reads as neither. */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d{1,3}$/.test(trimmed)) return Number(trimmed) * 60;
  const clock = /^(\d{1,3}):([0-5]\d)$/.exec(trimmed);
  return clock ? Number(clock[1]) * 60 + Number(clock[2]) : null;
}

const wholeNumber = (text: string): number | null => (/^\d{1,5}$/.test(text.trim()) ? Number(text.trim()) : null);

/** The target a number stands for; null when it does not read. */
export function parseTarget(kind: TargetKind, text: string, units: UnitSystem): WorkoutTarget | null {
  if (kind === 'pace') {
    const sPerKm = parsePacePerKm(text, units);
    return sPerKm === null ? null : { kind, sPerKm };
  }
  const value = wholeNumber(text);
  if (value === null) return null;
  switch (kind) {
    case 'watts':
      return { kind, watts: value };
    case 'ftpPct':
      return { kind, pct: value };
    case 'heartRate':
      return { kind, bpm: value };
    case 'hrZone':
      return { kind, zone: value };
  }
}

export interface ReadWorkout {
  /** The workout when every field reads and the contract's schema takes it. */
  workout: BuiltWorkout | null;
  /** The steps whose every field reads (in order), for the live totals while the rest is being typed. */
  readSteps: WorkoutStep[];
  /** Every step reads: the totals cover the whole workout. */
  complete: boolean;
  /** What is wrong, by field; '' files a message that is no one field's (the workout's length). */
  errors: Map<FieldKey, string>;
}

/** Reads the form: each field as typed, then the whole through the contract's schema. */
export function readWorkout(draft: WorkoutDraft, units: UnitSystem): ReadWorkout {
  const errors = new Map<FieldKey, string>();
  const readPart = (part: PartDraft, at: string): { durationS: number; target: WorkoutTarget } | null => {
    const durationS = parseDuration(part.duration);
    const target = parseTarget(draft.targetKind, part.target, units);
    if (durationS === null) errors.set(`${at}.duration`, DURATION_FORMAT);
    if (target === null) errors.set(`${at}.target`, TARGET_FORMAT[draft.targetKind]);
    return durationS === null || target === null ? null : { durationS, target };
  };
  const readSteps: WorkoutStep[] = [];
  draft.steps.forEach((step, index) => {
    const at = `steps.${index}`;
    if (step.type === 'intervals') {
      const repeats = wholeNumber(step.repeats);
      if (repeats === null) errors.set(`${at}.repeats`, REPEATS_FORMAT);
      const work = readPart(step.work, `${at}.work`);
      const recovery = readPart(step.recovery, `${at}.recovery`);
      if (repeats !== null && work && recovery) readSteps.push({ type: 'intervals', repeats, work, recovery });
    } else {
      const part = readPart(step.part, at);
      if (part) readSteps.push({ type: step.type, ...part });
    }
  });
  const complete = readSteps.length === draft.steps.length;
  if (!complete) return { workout: null, readSteps, complete, errors };
  const checked = builtWorkout.safeParse({ type: 'workout', title: draft.title, sport: draft.sport, steps: readSteps });
  if (checked.success) return { workout: checked.data, readSteps, complete, errors };
  for (const issue of checked.error.issues) {
    const key = fieldOf(issue.path);
    if (!errors.has(key)) errors.set(key, issue.message);
  }
  return { workout: null, readSteps, complete, errors };
}

/** The form field a schema issue's path points at: ['steps', 1, 'work', 'durationS'] → 'steps.1.work.duration'. */
function fieldOf(path: readonly PropertyKey[]): FieldKey {
  if (path[0] === 'title') return 'title';
  if (path[0] !== 'steps' || typeof path[1] !== 'number') return '';
  const rest = path.slice(2).map((part) => (part === 'durationS' ? 'duration' : String(part)));
  // A target's own field ('watts', 'bpm') is the target box.
  const targetAt = rest.indexOf('target');
  const field = targetAt === -1 ? rest : rest.slice(0, targetAt + 1);
  return ['steps', path[1], ...field].join('.');
}
