import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { NextSession, SessionIntensity } from '../../src/shared/api/analysis.ts';
import { DEFAULT_WORKOUT_FILE_NAME } from '../../src/shared/api/exports.ts';
import { buildZwiftWorkout, ftpFractions, workoutFileName, zwiftSportType } from '../../src/server/workouts/zwo.ts';

const power = (low: number, high: number): SessionIntensity => ({ kind: 'power', ftpPct: { low, high }, watts: null });
const zones = (low: number, high: number): SessionIntensity => ({ kind: 'heartRate', zones: { low, high } });
const rpe = (low: number, high: number): SessionIntensity => ({ kind: 'effort', rpe: { low, high } });

/** A sweet-spot ride: 15 + 3 × (10 + 5) + 10 + 10 minutes. */
const SWEET_SPOT_RIDE: NextSession = {
  sport: 'ride',
  focus: 'tempo',
  title: 'Sweet-spot intervals',
  totalDurationS: 4800,
  steps: [
    { type: 'warmup', durationS: 900, intensity: power(50, 65) },
    { type: 'intervals', repeats: 3, work: { durationS: 600, intensity: power(88, 93) }, recovery: { durationS: 300, intensity: power(45, 55) } },
    { type: 'steady', durationS: 600, intensity: power(65, 75) },
    { type: 'cooldown', durationS: 600, intensity: power(45, 55) },
  ],
};

type Attributes = Record<string, string>;
interface ParsedWorkout {
  meta: Record<string, string>;
  steps: { tag: string; attributes: Attributes }[];
}

/** Parses the file back the way a reader of .zwo files does: element order kept, attributes as text. */
function parseWorkout(xml: string): ParsedWorkout {
  const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false });
  const document = parser.parse(xml) as Record<string, unknown>[];
  const root = document.find((node) => 'workout_file' in node)?.workout_file as Record<string, unknown>[];
  const meta: Record<string, string> = {};
  let steps: ParsedWorkout['steps'] = [];
  for (const node of root) {
    const [tag] = Object.keys(node).filter((key) => key !== ':@');
    if (!tag) continue;
    const children = node[tag] as Record<string, unknown>[];
    if (tag === 'workout') {
      steps = children.map((child) => ({
        tag: Object.keys(child).find((key) => key !== ':@') as string,
        attributes: (child[':@'] ?? {}) as Attributes,
      }));
    } else {
      meta[tag] = String(children[0]?.['#text'] ?? '');
    }
  }
  return { meta, steps };
}

const durationOf = ({ tag, attributes }: ParsedWorkout['steps'][number]) =>
  tag === 'IntervalsT'
    ? Number(attributes.Repeat) * (Number(attributes.OnDuration) + Number(attributes.OffDuration))
    : Number(attributes.Duration);

describe('Zwift workout file', () => {
  it('writes every step as its Zwift element with FTP fractions, in order, summing to the session length', () => {
    const xml = buildZwiftWorkout(SWEET_SPOT_RIDE, 'Sweet-spot intervals, 1 h 10 min. 15 min warm-up, 3 × 10 min & more.');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const { meta, steps } = parseWorkout(xml);
    expect(meta).toEqual({
      author: 'Kai, Kairo coach',
      name: 'Sweet-spot intervals',
      description: 'Sweet-spot intervals, 1 h 10 min. 15 min warm-up, 3 × 10 min & more.',
      sportType: 'bike',
    });
    expect(steps).toEqual([
      { tag: 'Warmup', attributes: { Duration: '900', PowerLow: '0.5', PowerHigh: '0.65' } },
      { tag: 'IntervalsT', attributes: { Repeat: '3', OnDuration: '600', OffDuration: '300', OnPower: '0.905', OffPower: '0.5' } },
      { tag: 'SteadyState', attributes: { Duration: '600', Power: '0.7' } },
      // Zwift ramps a cool-down from PowerLow to PowerHigh: down from the top of the range.
      { tag: 'Cooldown', attributes: { Duration: '600', PowerLow: '0.55', PowerHigh: '0.45' } },
    ]);
    expect(steps.reduce((sum, step) => sum + durationOf(step), 0)).toBe(SWEET_SPOT_RIDE.totalDurationS);
  });

  it('converts heart-rate zones and perceived effort to FTP fractions and says so in the description', () => {
    const run: NextSession = {
      sport: 'run',
      focus: 'threshold',
      title: 'Threshold intervals',
      totalDurationS: 900 + 4 * 480 + 600,
      steps: [
        { type: 'warmup', durationS: 900, intensity: zones(1, 2) },
        { type: 'intervals', repeats: 4, work: { durationS: 360, intensity: zones(4, 4) }, recovery: { durationS: 120, intensity: rpe(2, 3) } },
        { type: 'cooldown', durationS: 600, intensity: zones(1, 1) },
      ],
    };
    const { meta, steps } = parseWorkout(buildZwiftWorkout(run, 'Threshold intervals, 57 min.'));
    expect(meta.sportType).toBe('run');
    expect(meta.description).toBe(
      'Threshold intervals, 57 min.\n\nKai prescribed this session by heart-rate zones and perceived effort; the targets here are the matching shares of your FTP.',
    );
    expect(steps).toEqual([
      { tag: 'Warmup', attributes: { Duration: '900', PowerLow: '0.45', PowerHigh: '0.75' } },
      { tag: 'IntervalsT', attributes: { Repeat: '4', OnDuration: '360', OffDuration: '120', OnPower: '0.98', OffPower: '0.575' } },
      { tag: 'Cooldown', attributes: { Duration: '600', PowerLow: '0.55', PowerHigh: '0.45' } },
    ]);
    expect(steps.reduce((sum, step) => sum + durationOf(step), 0)).toBe(run.totalDurationS);
  });

  it.each([
    [power(95, 100), { low: 0.95, high: 1 }],
    [zones(2, 2), { low: 0.56, high: 0.75 }],
    [zones(5, 5), { low: 1.06, high: 1.2 }],
    // The built-in coach's effort levels land in the power ranges it prescribes for the same level.
    [rpe(3, 4), { low: 0.56, high: 0.8 }],
    [rpe(7, 8), { low: 0.94, high: 1.05 }],
    [rpe(9, 9), { low: 1.06, high: 1.2 }],
    // Out-of-scale values are held to the scale.
    [rpe(0, 12), { low: 0.4, high: 1.5 }],
  ])('maps %o to %o', (intensity, fractions) => {
    expect(ftpFractions(intensity)).toEqual(fractions);
  });

  it('is made for rides and runs only', () => {
    expect(zwiftSportType('ride')).toBe('bike');
    expect(zwiftSportType('run')).toBe('run');
    for (const sport of ['hike', 'workout', 'other'] as const) expect(zwiftSportType(sport)).toBeNull();
    expect(() => buildZwiftWorkout({ ...SWEET_SPOT_RIDE, sport: 'workout' }, 'x')).toThrow(/no Zwift workout/);
  });

  it('names the file safely for a Content-Disposition header', () => {
    expect(workoutFileName('Sweet-spot intervals')).toBe('sweet-spot-intervals.zwo');
    expect(workoutFileName('VO2max intervals')).toBe('vo2max-intervals.zwo');
    expect(workoutFileName('Côte "du" Rhône; rm -rf /')).toBe('cote-du-rhone-rm-rf.zwo');
    expect(workoutFileName('🚴')).toBe(DEFAULT_WORKOUT_FILE_NAME);
  });
});
