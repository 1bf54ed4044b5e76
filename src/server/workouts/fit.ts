import { Encoder, type FileIdMesg, type WorkoutMesg, type WorkoutStepMesg } from '@garmin/fitsdk';
import type { DeviceStep, DeviceTarget, DeviceWorkout } from './device-workout.ts';

/**
 * A workout as a FIT file (the workout file type Garmin Edge/Forerunner and Wahoo head units load),
 * written with Garmin's FIT SDK encoder: file_id (type workout), one workout message and its
 * workout_step messages. Values follow the FIT profile's custom-target conventions:
 * - power: 0-1000 is % FTP, 1000 + watts is absolute power;
 * - heart rate: 0-100 is % max HR, 100 + bpm is absolute heart rate;
 * - speed: mm/s (the profile's scale 1000 on m/s);
 * - time: ms (scale 1000 on s);
 * - distance: cm (scale 100 on m), for a step that ends at a distance;
 * - a repeat is a step with duration type "repeat until steps complete", whose duration value is
 *   the message index of the block's first step and whose target value is the number of rounds.
 */

/** FIT's offsets for absolute values in a custom target (FIT profile, workout_step). */
export const FIT_POWER_WATTS_OFFSET = 1000;
export const FIT_HEART_RATE_BPM_OFFSET = 100;

/** Global message numbers of the FIT profile (fixed by the protocol). */
const MESG_NUM = { fileId: 0, workout: 26, workoutStep: 27 } as const;

const STEP_NAMES: Record<DeviceStep['intensity'], string> = { warmup: 'Warm up', active: 'Work', rest: 'Recover', cooldown: 'Cool down' };

function targetFields(target: DeviceTarget): WorkoutStepMesg {
  switch (target.kind) {
    case 'watts':
      return { targetType: 'power', targetValue: 0, customTargetValueLow: FIT_POWER_WATTS_OFFSET + Math.round(target.watts.low), customTargetValueHigh: FIT_POWER_WATTS_OFFSET + Math.round(target.watts.high) };
    case 'ftpPct':
      return { targetType: 'power', targetValue: 0, customTargetValueLow: Math.round(target.pct.low), customTargetValueHigh: Math.round(target.pct.high) };
    case 'speed':
      return { targetType: 'speed', targetValue: 0, customTargetValueLow: Math.round(target.metresPerS.low * 1000), customTargetValueHigh: Math.round(target.metresPerS.high * 1000) };
    case 'heartRate':
      return { targetType: 'heartRate', targetValue: 0, customTargetValueLow: FIT_HEART_RATE_BPM_OFFSET + Math.round(target.bpm.low), customTargetValueHigh: FIT_HEART_RATE_BPM_OFFSET + Math.round(target.bpm.high) };
  }
}

/** FIT strings are bounded in practice by what a head unit shows; names are kept short. */
const shortText = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The FIT bytes of a workout; `createdAt` is the file's creation time (the plan's generation, so the same plan writes the same bytes). */
export function encodeFitWorkout(workout: DeviceWorkout, createdAt: Date): Uint8Array {
  const steps: WorkoutStepMesg[] = [];
  const addStep = (step: DeviceStep) => {
    const duration: WorkoutStepMesg =
      step.distanceM !== undefined ? { durationType: 'distance', durationValue: Math.round(step.distanceM * 100) } : { durationType: 'time', durationValue: step.durationS * 1000 };
    steps.push({ messageIndex: steps.length, wktStepName: STEP_NAMES[step.intensity], ...duration, intensity: step.intensity, ...targetFields(step.target) });
  };
  for (const step of workout.steps) {
    if (step.kind === 'step') {
      addStep(step);
      continue;
    }
    const first = steps.length;
    step.steps.forEach(addStep);
    steps.push({ messageIndex: steps.length, durationType: 'repeatUntilStepsCmplt', durationValue: first, targetValue: step.repeats });
  }

  const encoder = new Encoder();
  const fileId: FileIdMesg = { type: 'workout', manufacturer: 'development', product: 0, timeCreated: createdAt };
  const header: WorkoutMesg = { wktName: shortText(workout.name, 40), sport: workout.sport, numValidSteps: steps.length, wktDescription: shortText(workout.description, 200) };
  encoder.onMesg(MESG_NUM.fileId, fileId);
  encoder.onMesg(MESG_NUM.workout, header);
  for (const step of steps) encoder.onMesg(MESG_NUM.workoutStep, step);
  return encoder.close();
}
