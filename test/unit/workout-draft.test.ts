import { describe, expect, it } from 'vitest';
import { PLAN_EDIT_MESSAGES } from '../../src/shared/api/plan-edits.ts';
import { DURATION_FORMAT, moveStep, parseDuration, parseTarget, readWorkout, TARGET_FORMAT, type WorkoutDraft } from '../../src/web/features/plans/workout-draft.ts';

const draft = (steps: WorkoutDraft['steps'], change: Partial<WorkoutDraft> = {}): WorkoutDraft => ({ title: 'Intervals', sport: 'cycling', targetKind: 'watts', steps, ...change });

describe('the workout builder form', () => {
  it('reads a time as minutes or m:ss', () => {
    expect(parseDuration('10')).toBe(600);
    expect(parseDuration(' 4:30 ')).toBe(270);
    expect(parseDuration('0')).toBe(0);
    expect(parseDuration('4:5')).toBeNull();
    expect(parseDuration('ten')).toBeNull();
  });

  it('reads a pace typed per mile as seconds per km', () => {
    expect(parseTarget('pace', '8:03', 'imperial')).toEqual({ kind: 'pace', sPerKm: 300 });
    expect(parseTarget('pace', '5:00', 'metric')).toEqual({ kind: 'pace', sPerKm: 300 });
    expect(parseTarget('watts', '300 W', 'metric')).toBeNull();
  });

  it('turns warm-up, repeats and cool-down into the contract’s workout', () => {
    const read = readWorkout(
      draft([
        { key: 0, type: 'warmup', part: { duration: '10', target: '150' } },
        { key: 1, type: 'intervals', repeats: '5', work: { duration: '4:00', target: '300' }, recovery: { duration: '3', target: '150' } },
        { key: 2, type: 'cooldown', part: { duration: '10', target: '120' } },
      ]),
      'metric',
    );
    expect(read.errors.size).toBe(0);
    expect(read.workout).toEqual({
      type: 'workout',
      title: 'Intervals',
      sport: 'cycling',
      steps: [
        { type: 'warmup', durationS: 600, target: { kind: 'watts', watts: 150 } },
        { type: 'intervals', repeats: 5, work: { durationS: 240, target: { kind: 'watts', watts: 300 } }, recovery: { durationS: 180, target: { kind: 'watts', watts: 150 } } },
        { type: 'cooldown', durationS: 600, target: { kind: 'watts', watts: 120 } },
      ],
    });
  });

  it('files the contract’s message at the field it is about, and keeps the steps that read for the live totals', () => {
    const zero = readWorkout(draft([{ key: 0, type: 'steady', part: { duration: '0', target: '200' } }]), 'metric');
    expect(zero.workout).toBeNull();
    expect(zero.errors.get('steps.0.duration')).toBe(PLAN_EDIT_MESSAGES.stepDuration);

    const typing = readWorkout(
      draft([
        { key: 0, type: 'warmup', part: { duration: '10', target: '150' } },
        { key: 1, type: 'intervals', repeats: '5', work: { duration: '4:', target: '300' }, recovery: { duration: '3', target: '' } },
      ]),
      'metric',
    );
    expect(typing.complete).toBe(false);
    expect(typing.readSteps).toHaveLength(1);
    expect(typing.errors.get('steps.1.work.duration')).toBe(DURATION_FORMAT);
    expect(typing.errors.get('steps.1.recovery.target')).toBe(TARGET_FORMAT.watts);

    const paceOnRide = readWorkout(draft([{ key: 0, type: 'steady', part: { duration: '20', target: '5:00' } }], { targetKind: 'pace' }), 'metric');
    expect(paceOnRide.errors.get('')).toBe(PLAN_EDIT_MESSAGES.paceOnRide);
    expect(readWorkout(draft([], { title: ' ' }), 'metric').errors.get('title')).toBe(PLAN_EDIT_MESSAGES.title);
  });

  it('moves a step one place up or down, and leaves the steps as they are at either end', () => {
    const steps = ['warm-up', 'cool-down', 'repeats'];
    expect(moveStep(steps, 1, 1)).toEqual(['warm-up', 'repeats', 'cool-down']);
    expect(moveStep(steps, 1, -1)).toEqual(['cool-down', 'warm-up', 'repeats']);
    expect(moveStep(steps, 0, -1)).toEqual(steps);
    expect(moveStep(steps, 2, 1)).toEqual(steps);
    expect(moveStep(steps, 3, -1)).toEqual(steps);
    expect(steps).toEqual(['warm-up', 'cool-down', 'repeats']);
  });
});
