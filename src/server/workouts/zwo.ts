import { XMLBuilder } from 'fast-xml-parser';
import type { NextSession, SessionIntensity, SessionStep } from '../../shared/api/analysis.ts';
import { fileNameSlug } from '../../shared/domain/file-name.ts';
import { HEART_RATE_ZONE_FTP_PCT } from '../../shared/domain/workout-build.ts';

/**
 * A structured session as a Zwift workout file (.zwo, spec §1 "virtual-cycling workout file"):
 * Zwift's XML with one element per step, every target a fraction of FTP. Zwift reads a run
 * workout's targets as fractions of threshold pace instead, so the same fractions serve both
 * sports. Written for an analysis's next session and for a training plan's cycling sessions.
 */

/** What a workout file is made from: a next session (analysis) or a plan's session. */
export type ZwiftWorkoutSource = Pick<NextSession, 'sport' | 'title' | 'steps'>;

export const WORKOUT_AUTHOR = 'Kai, Kairo coach';

type Fraction = { low: number; high: number };

/**
 * Heart-rate zones as FTP fractions: Coggan's heart-rate zones 1-5 describe the same efforts as his
 * power zones 1-5 (Allen & Coggan, Training and Racing with a Power Meter), so each zone maps to
 * that power zone (shared/domain/workout-build.ts, which a built workout's load reads too).
 */
const HR_ZONE_FTP: readonly Fraction[] = HEART_RATE_ZONE_FTP_PCT.map(({ low, high }) => ({ low: low / 100, high: high / 100 }));

/**
 * Perceived effort (Borg CR10) as FTP fractions, the inverse of the built-in coach's own
 * prescription (next-session.ts): RPE 2-3 recovery 45-55 %, 3-4 endurance 65-75 %, 5-6 sweet spot
 * 88-93 %, 7-8 threshold 95-100 %, 9 VO2max 106-120 %; 1 and 10 extend the scale at either end.
 * Index 0 is RPE 1.
 */
const RPE_FTP: readonly Fraction[] = [
  { low: 0.4, high: 0.5 },
  { low: 0.45, high: 0.55 },
  { low: 0.56, high: 0.7 },
  { low: 0.7, high: 0.8 },
  { low: 0.81, high: 0.88 },
  { low: 0.88, high: 0.93 },
  { low: 0.94, high: 0.98 },
  { low: 0.98, high: 1.05 },
  { low: 1.06, high: 1.2 },
  { low: 1.21, high: 1.5 },
];

/** The row of a 1-based scale (zone, RPE) for a value, rounded and held to the scale's ends. */
const rowOf = (scale: readonly Fraction[], value: number): Fraction => scale[Math.min(Math.max(Math.round(value), 1), scale.length) - 1]!;

/** A step's target as a range of FTP fractions (rounded to 0.001, which is 0.3 W at 300 W FTP). */
export function ftpFractions(intensity: SessionIntensity): Fraction {
  const range = (() => {
    switch (intensity.kind) {
      case 'power':
        return { low: intensity.ftpPct.low / 100, high: intensity.ftpPct.high / 100 };
      case 'heartRate':
        return { low: rowOf(HR_ZONE_FTP, intensity.zones.low).low, high: rowOf(HR_ZONE_FTP, intensity.zones.high).high };
      case 'effort':
        return { low: rowOf(RPE_FTP, intensity.rpe.low).low, high: rowOf(RPE_FTP, intensity.rpe.high).high };
      case 'pace':
        // Only runs have pace targets, and a run's file holds shares of threshold pace (runStepsAsSpeedPct) before it gets here.
        throw new Error('A pace target becomes a share of threshold pace before it is written to a Zwift file.');
    }
  })();
  return { low: round(range.low), high: round(range.high) };
}

const round = (fraction: number) => Math.round(fraction * 1000) / 1000;
const middle = (fraction: Fraction) => round((fraction.low + fraction.high) / 2);

/** Zwift knows bike and run workouts; Kairo's other sessions have no workout file. */
export function zwiftSportType(sport: NextSession['sport']): 'bike' | 'run' | null {
  if (sport === 'ride') return 'bike';
  if (sport === 'run') return 'run';
  return null;
}

type XmlNode = Record<string, unknown>;
const element = (name: string, attributes: Record<string, number>): XmlNode => ({
  [name]: [],
  ':@': Object.fromEntries(Object.entries(attributes).map(([key, value]) => [`@_${key}`, value])),
});
const textElement = (name: string, text: string): XmlNode => ({ [name]: [{ '#text': text }] });

function stepElement(step: SessionStep): XmlNode {
  switch (step.type) {
    case 'warmup': {
      // A ramp up from PowerLow to PowerHigh.
      const { low, high } = ftpFractions(step.intensity);
      return element('Warmup', { Duration: step.durationS, PowerLow: low, PowerHigh: high });
    }
    case 'cooldown': {
      // Zwift ramps a Cooldown from PowerLow to PowerHigh, so its own cool-downs start high: PowerLow > PowerHigh.
      const { low, high } = ftpFractions(step.intensity);
      return element('Cooldown', { Duration: step.durationS, PowerLow: high, PowerHigh: low });
    }
    case 'steady':
      return element('SteadyState', { Duration: step.durationS, Power: middle(ftpFractions(step.intensity)) });
    case 'intervals':
      return element('IntervalsT', {
        Repeat: step.repeats,
        OnDuration: step.work.durationS,
        OffDuration: step.recovery.durationS,
        OnPower: middle(ftpFractions(step.work.intensity)),
        OffPower: middle(ftpFractions(step.recovery.intensity)),
      });
  }
}

const intensitiesOf = (step: SessionStep) => (step.type === 'intervals' ? [step.work.intensity, step.recovery.intensity] : [step.intensity]);

/** Said in the file when its targets were converted, so nobody takes them for measured power. */
function conversionNote(session: ZwiftWorkoutSource): string | null {
  const kinds = new Set(session.steps.flatMap(intensitiesOf).map((intensity) => intensity.kind));
  const converted = [kinds.has('heartRate') ? 'heart-rate zones' : null, kinds.has('effort') ? 'perceived effort' : null].filter(Boolean);
  if (converted.length === 0) return null;
  return `Kai prescribed this session by ${converted.join(' and ')}; the targets here are the matching shares of your FTP.`;
}

const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  suppressEmptyNode: true,
});

/**
 * The .zwo document for a ride or run session. `description` is the text the athlete read with
 * the session (the analysis's Next Session, or the plan's session description).
 */
export function buildZwiftWorkout(session: ZwiftWorkoutSource, description: string): string {
  const sportType = zwiftSportType(session.sport);
  if (!sportType) throw new Error(`a ${session.sport} session has no Zwift workout`);
  const note = conversionNote(session);
  return builder.build([
    { '?xml': [{ '#text': '' }], ':@': { '@_version': '1.0', '@_encoding': 'UTF-8' } },
    {
      workout_file: [
        textElement('author', WORKOUT_AUTHOR),
        textElement('name', session.title),
        textElement('description', note ? `${description}\n\n${note}` : description),
        textElement('sportType', sportType),
        { workout: session.steps.map(stepElement) },
      ],
    },
  ]) as string;
}

/** 'threshold-intervals.zwo': a file name safe in any Content-Disposition header and file system. */
export function workoutFileName(title: string): string {
  return `${fileNameSlug(title, 'workout')}.zwo`;
}
