import { describe, expect, it } from 'vitest';
import {
  computeReadiness,
  dayNumber,
  hrvNormalRange,
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
 * HRV readings chosen so ln rMSSD is round: 7 days at ln 4.0 and 7 at ln 4.2 in the 60 days before
 * yesterday, yesterday very low (ln 3.0) and today ln 3.8. Worked by hand: today's normal range
 * reads the 14 older readings only (not yesterday's): mean 4.1, sample SD √(14 · 0.1² / 13) =
 * 0.1037749, range ln 3.9962251 – 4.2037749 → 54.39 – 66.94 ms; today's 44.70 ms is below it.
 */
const baseline = [
  ...Array.from({ length: 7 }, (_, i): [number, Partial<WellnessReading>] => [10 + i, { hrvRmssdMs: Math.exp(4.0) }]),
  ...Array.from({ length: 7 }, (_, i): [number, Partial<WellnessReading>] => [30 + i, { hrvRmssdMs: Math.exp(4.2) }]),
];
const lowHrvHistory = rows([...baseline, [1, { hrvRmssdMs: Math.exp(3.0) }], [0, { hrvRmssdMs: Math.exp(3.8) }]]);

describe("readiness: the day's HRV against its normal range", () => {
  it('reads the day’s own reading against the mean ± 1 SD of the 60 days before yesterday (hand-computed)', () => {
    const index = indexWellness(lowHrvHistory);
    const range = hrvNormalRange(index, dayNumber(DAY))!;
    expect(range.lnMean).toBeCloseTo(4.1, 10);
    expect(range.lnSd).toBeCloseTo(0.1037749, 6);
    expect(range.lowMs).toBeCloseTo(54.3924, 3);
    expect(range.highMs).toBeCloseTo(66.9385, 3);
    expect(range.readings).toBe(14);

    const readiness = computeReadiness(DAY, index, null);
    const hrv = readiness.inputs.find((input) => input.key === 'hrv')!;
    expect(hrv.figures).toMatchObject({ hrvMs: Math.exp(3.8), lowMs: range.lowMs, highMs: range.highMs, baselineReadings: 14 });
    expect(hrv.signal).toBe('poor');
    expect(hrv.reason).toBe('HRV is low: 45 ms, below your normal range of 54–67 ms.');
    expect(hrv.baselineText).toBe('54–67 ms');
    expect(readiness.state).toBe('strained');
    expect(readiness.reasons[0]).toBe('Strained: low HRV says to hold back today.');
    // Two readings in the last 7 days: no 7-day average for the strip's line, the range still drawn.
    expect(readiness.hrv).toEqual({ meanMs: null, lowMs: range.lowMs, highMs: range.highMs });
  });

  it('is within the range at the usual value, and above it when higher', () => {
    const within = rows([...baseline, [0, { hrvRmssdMs: Math.exp(4.1) }]]);
    const normal = computeReadiness(DAY, indexWellness(within), null).inputs[0]!;
    expect(normal).toMatchObject({ key: 'hrv', signal: 'good', reason: 'HRV is normal: 60 ms, within your normal range of 54–67 ms.' });

    const higher = rows([...baseline, [0, { hrvRmssdMs: Math.exp(4.6) }]]);
    expect(computeReadiness(DAY, indexWellness(higher), null).inputs[0]).toMatchObject({ signal: 'good', reason: 'HRV is high: 99 ms, above your normal range of 54–67 ms.' });
  });

  it('leaves HRV out, saying why, without a reading for the day or with too little history for a range', () => {
    const noneToday = computeReadiness(DAY, indexWellness(rows(baseline)), null);
    expect(noneToday.inputs.find((input) => input.key === 'hrv')).toBeUndefined();
    expect(noneToday.missing).toContainEqual({ key: 'hrv', label: 'HRV', reason: 'HRV is left out: none was recorded for this day.' });

    // Ten days of readings up to today: 8 of them are in the 60 days before yesterday.
    const shortHistory = rows([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((ago): [number, Partial<WellnessReading>] => [ago, { hrvRmssdMs: 60 }]));
    const noRange = computeReadiness(DAY, indexWellness(shortHistory), null);
    expect(noRange.missing[0]?.reason).toBe('HRV is left out: 8 readings in the 60 days before yesterday, 14 are needed for your normal range.');
    expect(noRange.hrv).toMatchObject({ lowMs: null, highMs: null });
    expect(noRange.hrv?.meanMs).toBeCloseTo(60, 10);
  });

  it('says nothing of HRV for an athlete who records none (issue 26)', () => {
    const readiness = computeReadiness(DAY, indexWellness([{ ...blank(DAY), sleepHours: 8 }]), null);
    expect(readiness.missing.map((entry) => entry.key)).not.toContain('hrv');
    expect(readiness.reasons.join(' ')).not.toMatch(/HRV/);
    expect(readiness.hrv).toBeNull();
  });

  it('does not count readings older than the 60 days before yesterday', () => {
    const old = rows(Array.from({ length: 20 }, (_, i): [number, Partial<WellnessReading>] => [62 + i, { hrvRmssdMs: 50 }]));
    const recent = rows([0, 2, 3].map((ago): [number, Partial<WellnessReading>] => [ago, { hrvRmssdMs: 50 }]));
    const readiness = computeReadiness(DAY, indexWellness([...old, ...recent]), null);
    expect(readiness.missing[0]?.reason).toBe('HRV is left out: 2 readings in the 60 days before yesterday, 14 are needed for your normal range.');
  });
});

describe('readiness: resting HR, form, sleep, fatigue', () => {
  // 10 readings in the 30 days before yesterday: 50 and 52 alternating, mean 51 bpm; yesterday's 70 is not among them.
  const restingHistory = [
    ...rows(Array.from({ length: 10 }, (_, i): [number, Partial<WellnessReading>] => [2 + i * 3, { restingHrBpm: i % 2 === 0 ? 50 : 52 }])),
    ...rows([[1, { restingHrBpm: 70 }]]),
  ];

  it('compares the day’s resting HR with the mean of the 30 days before yesterday', () => {
    const elevated = computeReadiness(DAY, indexWellness([...restingHistory, { ...blank(DAY), restingHrBpm: 57 }]), null);
    const input = elevated.inputs.find((entry) => entry.key === 'restingHr')!;
    expect(input.figures).toEqual({ restingHrBpm: 57, baselineBpm: 51, differenceBpm: 6, baselineReadings: 10 });
    expect(input.signal).toBe('poor');
    expect(input.reason).toBe('Resting HR of 57 bpm is 6 bpm above your usual 51 bpm, a sign of incomplete recovery.');
    expect(input.baselineText).toBe('51 bpm');
    // One poor input, HRV not among the inputs: steady.
    expect(elevated.state).toBe('steady');
    expect(elevated.reasons[0]).toBe('Steady: a raised resting HR holds you back a little; train, but keep the intensity in check.');

    const calm = computeReadiness(DAY, indexWellness([...restingHistory, { ...blank(DAY), restingHrBpm: 49 }]), null);
    expect(calm.inputs[0]?.reason).toBe('Resting HR of 49 bpm is 2 bpm below your usual 51 bpm.');
    expect(calm.state).toBe('ready');

    const noneToday = computeReadiness(DAY, indexWellness(restingHistory), null);
    expect(noneToday.missing.find((entry) => entry.key === 'restingHr')?.reason).toBe('Resting HR is left out: none was recorded for this day.');
  });

  /** The stored row of a day whose morning had CTL `ctl` and ATL `atl`, with `load` trained that day. */
  const fitnessDay = (ctl: number, atl: number, load: number) => ({ ctl: ctl + (load - ctl) / 42, atl: atl + (load - atl) / 7, tsb: ctl - atl });

  it('reads form as of the morning, fitness − fatigue as shown, and leaves it out without training history', () => {
    const deep = computeReadiness(DAY, indexWellness([]), fitnessDay(60.2, 92.6, 150));
    expect(deep.inputs).toHaveLength(1);
    expect(deep.inputs[0]).toMatchObject({
      key: 'form',
      signal: 'poor',
      valueText: '−33',
      figures: { tsb: -33, fitness: 60, fatigue: 93 },
      reason: 'Form is −33 this morning (fitness 60 − fatigue 93): deep fatigue from recent training.',
    });
    // 67.4 − 70.6 is −3.2, but the figures shown are 67 and 71: form is −4, whatever was trained that day (issue 26).
    expect(computeReadiness(DAY, indexWellness([]), fitnessDay(67.4, 70.6, 120)).inputs[0]).toMatchObject({ valueText: '−4', figures: { fitness: 67, fatigue: 71 } });
    expect(computeReadiness(DAY, indexWellness([]), fitnessDay(50, 42, 0)).inputs[0]?.reason).toBe('Form is +8 this morning (fitness 50 − fatigue 42): you are fresh.');
    expect(computeReadiness(DAY, indexWellness([]), fitnessDay(50, 65, 80)).inputs[0]?.signal).toBe('neutral');
    const untrained = computeReadiness(DAY, indexWellness([]), null);
    expect(untrained.missing.find((entry) => entry.key === 'form')?.reason).toBe('Form is left out: no training load is recorded yet.');
  });

  it('has no state on a day with form alone: never "steady" without anything the athlete recorded (issue 26)', () => {
    const formOnly = computeReadiness(DAY, indexWellness([]), fitnessDay(40, 45, 0));
    expect(formOnly.state).toBe('unknown');
    expect(formOnly.inputs.map((input) => input.key)).toEqual(['form']);
    expect(formOnly.reasons[0]).toBe('No readiness: nothing you recorded is known for this day. Check in, or import the readings of your watch or app.');
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
  it('is unknown with nothing known, and says what is missing, HRV not among it for an athlete without HRV', () => {
    const readiness = computeReadiness(DAY, indexWellness([]), null);
    expect(readiness.state).toBe('unknown');
    expect(readiness.inputs).toEqual([]);
    expect(readiness.missing.map((entry) => entry.key)).toEqual(['restingHr', 'form', 'sleep', 'feel']);
    expect(readiness.reasons).toHaveLength(5);
    expect(readiness.reasons[0]).toMatch(/^No readiness/);
  });

  it('decides the state from the signals', () => {
    expect(readinessState([])).toBe('unknown');
    expect(readinessState([{ key: 'hrv', signal: 'poor' }, { key: 'sleep', signal: 'good' }])).toBe('strained');
    expect(readinessState([{ key: 'form', signal: 'poor' }, { key: 'sleep', signal: 'poor' }])).toBe('strained');
    expect(readinessState([{ key: 'form', signal: 'poor' }, { key: 'sleep', signal: 'good' }])).toBe('steady');
    expect(readinessState([{ key: 'form', signal: 'neutral' }])).toBe('unknown');
    expect(readinessState([{ key: 'form', signal: 'poor' }])).toBe('unknown');
    expect(readinessState([{ key: 'sleep', signal: 'neutral' }])).toBe('steady');
    expect(readinessState([{ key: 'form', signal: 'neutral' }, { key: 'hrv', signal: 'good' }])).toBe('ready');
  });

  it('reads wellness from the 60 days before yesterday on', () => {
    expect(readinessWindowStart(DAY)).toBe(daysBefore(61));
  });
});
