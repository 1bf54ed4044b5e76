import { describe, expect, it } from 'vitest';
import { athleteText, renderUnits, renderUnitsDeep, unitText, unitTokens, UNIT_WORDS, type MeasureWriter } from '../../src/shared/domain/unit-tokens.ts';
import type { UnitSystem } from '../../src/shared/domain/unit-system.ts';

/** Every measure a writer writes, in one sentence per measure. */
const sentences = (write: MeasureWriter) => [
  `Ride ${write.distance(120_000)} today.`,
  `It climbs ${write.elevation(2500)}.`,
  `Run at ${write.pace(245)}.`,
  `Steady runs at ${write.paceRange(250.5, 290.25)}.`,
  `Your recent speed (${write.speed(8.3333)}).`,
  `You weigh ${write.weight(71.4)}.`,
  `The route climbs ${write.climbRate(20.8)}.`,
  ...UNIT_WORDS.map((word) => `Word: ${write.word(word)}.`),
];

describe('measures written as tokens and rendered in the reader\'s units (ADR 0073)', () => {
  it.each(['metric', 'imperial'] as const)('renders every token as the formatting module writes the measure in %s', (units: UnitSystem) => {
    const tokens = sentences(unitTokens);
    expect(tokens.map((text) => renderUnits(text, units))).toEqual(sentences(unitText(units)));
    for (const text of tokens) expect(renderUnits(text, units)).not.toMatch(/[\uE000\uE001]/);
  });

  it('writes each measure in the unit of each system', () => {
    const rendered = (units: UnitSystem) => sentences(unitTokens).map((text) => renderUnits(text, units));
    expect(rendered('metric')).toEqual([
      'Ride 120.0 km today.',
      'It climbs 2,500 m.',
      'Run at 4:05 /km.',
      'Steady runs at 4:11-4:50 /km.',
      'Your recent speed (30.0 km/h).',
      'You weigh 71.4 kg.',
      'The route climbs 21 m per km.',
      'Word: metre.',
      'Word: m.',
      'Word: 5 km.',
    ]);
    expect(rendered('imperial')).toEqual([
      'Ride 74.6 mi today.',
      'It climbs 8,202 ft.',
      'Run at 6:34 /mi.',
      'Steady runs at 6:43-7:47 /mi.',
      'Your recent speed (18.6 mph).',
      'You weigh 157.4 lb.',
      'The route climbs 110 ft per mi.',
      'Word: foot.',
      'Word: ft.',
      'Word: 5K (3.1 mi).',
    ]);
  });

  it('leaves text without tokens as it is, in either system', () => {
    const text = 'Ride 120 km, 2,500 m of climbing; 5:00 /km. Per km: 2x.';
    expect(renderUnits(text, 'imperial')).toBe(text);
    expect(renderUnits('', 'metric')).toBe('');
  });

  it('expands only well-formed tokens Kairo writes; anything else stays as it was', () => {
    const malformed = ['\uE000d:12km\uE001', '\uE000x:5\uE001', '\uE000u:mile\uE001', '\uE000pr:1\uE001', '\uE000d:1,2\uE001', '\uE000d:5000', 'd:5000\uE001', '\uE000d:1e9\uE001'];
    for (const text of malformed) expect(renderUnits(text, 'imperial')).toBe(text);
  });

  it('a token cannot come from text the athlete typed: its delimiters are dropped', () => {
    const typed = 'My \uE000d:100000\uE001 race \uE000u:5k\uE001';
    const safe = athleteText(typed);
    expect(safe).toBe('My d:100000 race u:5k');
    const written = `${safe}: ${unitTokens.distance(100_000)}`;
    expect(renderUnits(written, 'imperial')).toBe('My d:100000 race u:5k: 62.1 mi');
    // Nor can a typed half-token join one Kairo wrote into another.
    expect(renderUnits(`${athleteText('\uE000d:')}${unitTokens.elevation(10)}`, 'metric')).toBe('d:10 m');
  });

  it('refuses to write a measure that is not a number', () => {
    expect(() => unitTokens.distance(Number.NaN)).toThrow(RangeError);
    expect(() => unitTokens.pace(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('renders every string of a stored value and keeps its shape, numbers and the stored value itself', () => {
    const stored = { title: `Go ${unitTokens.distance(5000)}`, minutes: 30, days: [{ zones: unitTokens.pace(300), steps: null }], done: false };
    const before = structuredClone(stored);
    expect(renderUnitsDeep(stored, 'imperial')).toEqual({ title: 'Go 3.1 mi', minutes: 30, days: [{ zones: '8:03 /mi', steps: null }], done: false });
    expect(stored).toEqual(before);
  });
});
