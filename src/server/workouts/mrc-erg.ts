import type { DeviceStep, DeviceWorkout } from './device-workout.ts';

/**
 * A ride as the ERG-mode course files TrainerRoad, PerfPRO, Golden Cheetah and most trainer apps
 * read: a [COURSE HEADER] and [COURSE DATA] of "minutes <tab> value" points joined by straight
 * lines. An .mrc's values are % of FTP (the app applies the rider's FTP); an .erg's are watts, so
 * it is written only for an athlete whose FTP is known. A warm-up ramps from the low to the high
 * end of its range and a cool-down back down, as in the plan's .zwo; any other step holds the
 * middle of its range, a flat segment with a point at each end.
 */

export type CourseFormat = 'mrc' | 'erg';

interface Segment {
  durationS: number;
  from: number;
  to: number;
}

function segmentOf(step: DeviceStep, format: CourseFormat, ftpW: number | null): Segment {
  const value = (pct: number) => (format === 'mrc' ? pct : Math.round((pct * ftpW!) / 100));
  const { low, high } = step.ftpPct;
  if (step.intensity === 'warmup') return { durationS: step.durationS, from: value(low), to: value(high) };
  if (step.intensity === 'cooldown') return { durationS: step.durationS, from: value(high), to: value(low) };
  const middle = value((low + high) / 2);
  return { durationS: step.durationS, from: middle, to: middle };
}

/** Minutes with two decimals: every plan step is whole seconds, and 0.01 min is 0.6 s. */
const minutes = (seconds: number) => (seconds / 60).toFixed(2);
const number = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
/** The header is line-based: a description must not start another line. */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/** The course file; `ftpW` is required for an .erg (its values are watts). */
export function buildCourseFile(workout: DeviceWorkout, format: CourseFormat, ftpW: number | null, fileName: string): string {
  if (workout.sport !== 'cycling') throw new Error('course files are written for rides only');
  if (format === 'erg' && ftpW === null) throw new Error('an .erg needs the FTP its watts come from');
  const segments = workout.steps.flatMap((step) =>
    step.kind === 'step' ? [segmentOf(step, format, ftpW)] : Array.from({ length: step.repeats }, () => step.steps.map((child) => segmentOf(child, format, ftpW))).flat(),
  );
  const header = [
    '[COURSE HEADER]',
    'VERSION = 2',
    'UNITS = ENGLISH',
    `DESCRIPTION = ${oneLine(`${workout.name}. ${workout.description}`)}`,
    `FILE NAME = ${fileName}`,
    ...(format === 'erg' ? [`FTP = ${ftpW}`, 'MINUTES WATTS'] : ['MINUTES PERCENT']),
    '[END COURSE HEADER]',
  ];
  const points: string[] = [];
  let elapsedS = 0;
  for (const segment of segments) {
    points.push(`${minutes(elapsedS)}\t${number(segment.from)}`);
    elapsedS += segment.durationS;
    points.push(`${minutes(elapsedS)}\t${number(segment.to)}`);
  }
  return `${[...header, '[COURSE DATA]', ...points, '[END COURSE DATA]'].join('\r\n')}\r\n`;
}
