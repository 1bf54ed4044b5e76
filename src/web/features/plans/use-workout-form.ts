import { useMemo, useRef, useState } from 'react';
import type { BuiltWorkout } from '../../../shared/api/plan-edits.ts';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { workoutThresholdsOf, workoutTotals, type WorkoutTotals } from '../../../shared/domain/workout-build.ts';
import { useUnitSystem, useUserSettings } from '../settings/index.ts';
import { moveStep, readWorkout, targetKindsFor, type ReadWorkout, type StepDraft, type WorkoutDraft } from './workout-draft.ts';

export const newWorkoutDraft = (): WorkoutDraft => ({ title: '', sport: 'cycling', targetKind: 'watts', steps: [] });

/** A step as it is added: its usual length, its targets left for the athlete. */
function newStep(type: StepDraft['type'], key: number): StepDraft {
  if (type === 'intervals') return { key, type, repeats: '5', work: { duration: '4', target: '' }, recovery: { duration: '3', target: '' } };
  return { key, type, part: { duration: type === 'steady' ? '20' : '10', target: '' } };
}

export interface WorkoutForm {
  draft: WorkoutDraft;
  units: UnitSystem;
  read: ReadWorkout;
  /**
   * The total time and load of the steps that read so far, by the shared formula
   * (shared/domain/workout-build.ts); null until the athlete's thresholds are loaded.
   */
  totals: WorkoutTotals | null;
  /** Field messages show once the athlete first tries to save, then follow every keystroke. */
  showErrors: boolean;
  update: (change: Partial<Omit<WorkoutDraft, 'steps'>>) => void;
  addStep: (type: StepDraft['type']) => void;
  changeStep: (index: number, step: StepDraft) => void;
  removeStep: (index: number) => void;
  /** Moves a step one place up (−1) or down (+1); nothing at either end. */
  moveStep: (index: number, by: -1 | 1) => void;
  /** The workout to send, or null (and its messages shown) when something does not fit. */
  submit: () => BuiltWorkout | null;
}

/** The workout builder's state (issue 30): the steps as typed, read live into the contract's workout and its totals. */
export function useWorkoutForm(initial: WorkoutDraft): WorkoutForm {
  const [draft, setDraft] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const nextKey = useRef(initial.steps.length);
  const [units] = useUnitSystem();
  const settings = useUserSettings();
  const read = useMemo(() => readWorkout(draft, units), [draft, units]);
  const effective = settings.data?.effective;
  const totals = useMemo(
    () => (effective ? workoutTotals(read.readSteps, workoutThresholdsOf(effective, draft.sport)) : null),
    [effective, read.readSteps, draft.sport],
  );
  return {
    draft,
    units,
    read,
    totals,
    showErrors,
    update: (change) =>
      setDraft((current) => {
        const next = { ...current, ...change };
        // A ride takes no pace: the targets' kind falls back to the sport's first.
        if (!targetKindsFor(next.sport).includes(next.targetKind)) next.targetKind = targetKindsFor(next.sport)[0]!;
        return next;
      }),
    addStep: (type) => setDraft((current) => ({ ...current, steps: [...current.steps, newStep(type, nextKey.current++)] })),
    changeStep: (index, step) => setDraft((current) => ({ ...current, steps: current.steps.map((old, at) => (at === index ? step : old)) })),
    removeStep: (index) => setDraft((current) => ({ ...current, steps: current.steps.filter((_, at) => at !== index) })),
    moveStep: (index, by) => setDraft((current) => ({ ...current, steps: moveStep(current.steps, index, by) })),
    submit: () => {
      setShowErrors(true);
      return read.workout;
    },
  };
}
