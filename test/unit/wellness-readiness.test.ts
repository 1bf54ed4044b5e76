import { describe, expect, it } from 'vitest';
import {
  computeReadiness,
  indexWellness,
  readinessState,
  readinessWindowStart,
  type WellnessReading,
} from '../../src/server/features/wellness/readiness.ts';
import { DAY_MS } from '../../src/shared/time.ts';

const DAY = '2026-03-01';
const daysBefore = (n: number, date = DAY) => new Date(Date.parse(`${date}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

const blank = (date: string): WellnessReading => ({
  date,
  sleepHours: null,
  sleepQuality: null,
  fatigue: null,
  soreness: null,
  restingHrBpm: null,
  hrvRmssdMs: null,
});

function rows(entries: [number, Partial<WellnessReading>][]): WellnessReading[] {
  return entries.map(([ago, values]) => ({ ...blank(daysBefore(ago)), ...values }));
}

/**
 * HRV readings chosen so ln rMSSD is round: 7 days at ln 4.0 and 7 at ln 4.2 in the older part of
 * the 60 days, and 3 of the last 7 days at ln 3.8. Worked by hand:
 * 60-day mean = (7·4.0 + 7·4.2 + 3·3.8) / 17 = 68.8 / 17 = 4.0470588;
 * sample SD = √((7·0.0470588² + 7·0.1529412² + 3·0.2470588²) / 16) = √(0.3623529 / 16) = 0.1504894;
 * normal range ln 3.8965694 – 4.1975482 → e^… = 49.23 – 66.52 ms; 7-day mean ln 3.8 → 44.70 ms: below.
 */
const lowHrvHistory = rows([
  ...Array.from({ length: 7 }, (_, i): [number, Partial<WellnessReading>] => [10 + i, { hrvRmssdMs: Math.exp(4.0) }]),
  ...Array.from({ length: 7 }, (_, i): [number, Partial<WellnessReading>] => [30 + i, { hrvRmssdMs: Math.exp(4.2) }]),
  [0, { hrvRmssdMs: Math.exp(3.8) }],
  [2, { hrvRmssdMs: Math.exp(3.8) }],
  [5, { hrvRmssdMs: Math.exp(3.8) }],
]);

describe('readiness: HRV against the 60-day baseline', () => {
  it('reads the 7-day mean of ln rMSSD against the 60-day mean ± 1 SD (hand-computed)', () => {
    const readiness = computeReadiness(DAY, indexWellness(lowHrvHistory), null);
    const hrv = readiness.inputs.find((input) => input.key === 'hrv')!;
    expect(hrv.figures.lnMean7).toBeCloseTo(3.8, 10);
    expect(hrv.figures.lnBaselineMean).toBeCloseTo(4.0470588, 6);
    expect(hrv.figures.lnBaselineSd).toBeCloseTo(0.1504894, 6);
    expect(hrv.figures.meanMs).toBeCloseTo(44.7012, 3);
    expect(hrv.figures.lowMs).toBeCloseTo(49.2333, 3);
    expect(hrv.figures.highMs).toBeCloseTo(66.523, 2);
    expect(hrv.figures.recentReadings).toBe(3);
    expect(hrv.figures.baselineReadings).toBe(17);
    expect(hrv.signal).toBe('poor');
    expect(hrv.reason).toBe('HRV is low: your 7-day average of 45 ms is below your normal range of 49–67 ms.');
    expect(readiness.state).toBe('strained');
    expect(readiness.reasons[0]).toBe('Strained: low HRV says to hold back today.');
    expect(readiness.hrv).toEqual({ meanMs: hrv.figures.meanMs, lowMs: hrv.figures.lowMs, highMs: hrv.figures.highMs });
  });

  it('is within the range when the last week matches the baseline, and above it when higher', () => {
    const within = rows([
      ...Array.from({ length: 14 }, (_, i): [number, Partial<WellnessReading>] => [10 + i, { hrvRmssdMs: Math.exp(i % 2 === 0 ? 4.0 : 4.2) }]),
      [0, { hrvRmssdMs: Math.exp(4.1) }],
      [1, { hrvRmssdMs: Math.exp(4.1) }],
      [2, { hrvRmssdMs: Math.exp(4.1) }],
    ]);
    const normal = computeReadiness(DAY, indexWellness(within), null).inputs[0]!;
    expect(normal.key).toBe('hrv');
    expect(normal.signal).toBe('good');
    expect(normal.reason).toMatch(/^HRV is normal: your 7-day average of 60 ms is within your normal range/);

    const higher = within.map((row) => (row.date >= daysBefore(2) ? { ...row, hrvRmssdMs: Math.exp(4.6) } : row));
    const high = computeReadiness(DAY, indexWellness(higher), null).inputs[0]!;
    expect(high.reason).toMatch(/^HRV is high: your 7-day average of 99 ms is above your normal range/);
    expect(high.signal).toBe('good');
  });

  it('leaves HRV out, saying why, with too few readings this week or too little history for a baseline', () => {
    const twoThisWeek = lowHrvHistory.filter((row) => row.date !== DAY);
    const fewRecent = computeReadiness(DAY, indexWellness(twoThisWeek), null);
    expect(fewRecent.inputs.find((input) => input.key === 'hrv')).toBeUndefined();
    expect(fewRecent.missing).toContainEqual({
      key: 'hrv',
      label: 'HRV',
      reason: 'HRV is left out: 2 of the last 7 days have a reading, 3 are needed.',
    });

    const shortHistory = rows([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((ago): [number, Partial<WellnessReading>] => [ago, { hrvRmssdMs: 60 }]));
    const noBaseline = computeReadiness(DAY, indexWellness(shortHistory), null);
    expect(noBaseline.missing[0]?.reason).toBe('HRV is left out: 10 readings in the last 60 days, 14 are needed for your baseline.');
    expect(noBaseline.hrv).toBeNull();
  });

  it('does not count readings older than 60 days in the baseline', () => {
    const old = rows(Array.from({ length: 20 }, (_, i): [number, Partial<WellnessReading>] => [60 + i, { hrvRmssdMs: 50 }]));
    const recent = rows([0, 1, 2].map((ago): [number, Partial<WellnessReading>] => [ago, { hrvRmssdMs: 50 }]));
    const readiness = computeReadiness(DAY, indexWellness([...old, ...recent]), null);
    expect(readiness.missing[0]?.reason).toBe('HRV is left out: 3 readings in the last 60 days, 14 are needed for your baseline.');
  });
});

describe('readiness: resting HR, form, sleep, fatigue', () => {
  // 10 readings in the 30 days before: 50 and 52 alternating, mean 51 bpm.
  const restingHistory = rows(Array.from({ length: 10 }, (_, i): [number, Partial<WellnessReading>] => [1 + i * 3, { restingHrBpm: i % 2 === 0 ? 50 : 52 }]));

  it('compares the day’s resting HR with the mean of the 30 days before it', () => {
    const elevated = computeReadiness(DAY, indexWellness([...restingHistory, { ...blank(DAY), restingHrBpm: 57 }]), null);
    const input = elevated.inputs.find((entry) => entry.key === 'restingHr')!;
    expect(input.figures).toEqual({ restingHrBpm: 57, baselineBpm: 51, differenceBpm: 6, baselineReadings: 10 });
    expect(input.signal).toBe('poor');
    expect(input.reason).toBe('Resting HR of 57 bpm is 6 bpm above your 30-day average of 51 bpm, a sign of incomplete recovery.');
    expect(input.baselineText).toBe('51 bpm');
    // One poor input, HRV not among the inputs: steady.
    expect(elevated.state).toBe('steady');
    expect(elevated.reasons[0]).toBe('Steady: a raised resting HR holds you back a little; train, but keep the intensity in check.');

    const calm = computeReadiness(DAY, indexWellness([...restingHistory, { ...blank(DAY), restingHrBpm: 49 }]), null);
    expect(calm.inputs[0]?.reason).toBe('Resting HR of 49 bpm is 2 bpm below your 30-day average of 51 bpm.');
    expect(calm.state).toBe('ready');

    const noneToday = computeReadiness(DAY, indexWellness(restingHistory), null);
    expect(noneToday.missing.find((entry) => entry.key === 'restingHr')?.reason).toBe('Resting HR is left out: none was recorded for this day.');
  });

  it('reads form from the TSB given, and leaves it out without training history', () => {
    const deep = computeReadiness(DAY, indexWellness([]), { tsb: -32.4 });
    expect(deep.inputs).toHaveLength(1);
    expect(deep.inputs[0]).toMatchObject({ key: 'form', signal: 'poor', valueText: '−32', reason: 'Form (TSB) is −32: deep fatigue from recent training.' });
    expect(computeReadiness(DAY, indexWellness([]), { tsb: 8 }).inputs[0]?.reason).toBe('Form (TSB) is +8: you are fresh.');
    expect(computeReadiness(DAY, indexWellness([]), { tsb: -15 }).inputs[0]?.signal).toBe('neutral');
    const untrained = computeReadiness(DAY, indexWellness([]), null);
    expect(untrained.missing.find((entry) => entry.key === 'form')?.reason).toBe('Form (TSB) is left out: no training load is recorded yet.');
  });

  it('reads last night’s sleep and the worse of fatigue and soreness from the day’s check-in', () => {
    const day = { ...blank(DAY), sleepHours: 5.5, sleepQuality: 2, fatigue: 4, soreness: 2 };
    const readiness = computeReadiness(DAY, indexWellness([day]), null);
    const sleep = readiness.inputs.find((entry) => entry.key === 'sleep')!;
    expect(sleep.reason).toBe("Last night's sleep: 5 h 30 min, quality 2 of 5, less than 6 h, poorly rated.");
    expect(sleep.valueText).toBe('5 h 30 min, quality 2 of 5');
    expect(sleep.signal).toBe('poor');
    const feel = readiness.inputs.find((entry) => entry.key === 'feel')!;
    expect(feel.figures).toEqual({ worst: 4, fatigue: 4, soreness: 2 });
    expect(feel.reason).toBe('You reported fatigue 4 of 5, soreness 2 of 5: your body asks for an easier day.');
    // Two poor inputs: strained.
    expect(readiness.state).toBe('strained');
    expect(readiness.reasons[0]).toBe("Strained: short or poor sleep and fatigue or soreness say to hold back today.");

    const rested = computeReadiness(DAY, indexWellness([{ ...blank(DAY), sleepHours: 8, fatigue: 2 }]), null);
    expect(rested.state).toBe('ready');
    expect(rested.inputs.map((entry) => entry.signal)).toEqual(['good', 'good']);
  });
});

describe('readiness: the state and what is missing', () => {
  it('is unknown with nothing known, and says every input is missing', () => {
    const readiness = computeReadiness(DAY, indexWellness([]), null);
    expect(readiness.state).toBe('unknown');
    expect(readiness.inputs).toEqual([]);
    expect(readiness.missing.map((entry) => entry.key)).toEqual(['hrv', 'restingHr', 'form', 'sleep', 'feel']);
    expect(readiness.reasons).toHaveLength(6);
    expect(readiness.reasons[0]).toMatch(/^Readiness is unknown/);
  });

  it('decides the state from the signals', () => {
    expect(readinessState([])).toBe('unknown');
    expect(readinessState([{ key: 'hrv', signal: 'poor' }, { key: 'sleep', signal: 'good' }])).toBe('strained');
    expect(readinessState([{ key: 'form', signal: 'poor' }, { key: 'sleep', signal: 'poor' }])).toBe('strained');
    expect(readinessState([{ key: 'form', signal: 'poor' }, { key: 'sleep', signal: 'good' }])).toBe('steady');
    expect(readinessState([{ key: 'form', signal: 'neutral' }])).toBe('steady');
    expect(readinessState([{ key: 'form', signal: 'neutral' }, { key: 'hrv', signal: 'good' }])).toBe('ready');
  });

  it('reads wellness from the 60 days ending with the day', () => {
    expect(readinessWindowStart(DAY)).toBe(daysBefore(59));
  });
});
