import { describe, expect, it } from 'vitest';
import { writeBuiltinAnalysis } from '../../src/server/features/analysis/coach/builtin.ts';
import { ungroundedNumbers } from '../../src/server/features/analysis/coach/grounding.ts';
import { promptFacts } from '../../src/server/features/analysis/coach/prompt.ts';
import { readActivityIntervals } from '../../src/server/features/scoring/intervals.ts';
import type { ActivityStreams } from '../../src/metrics/activity-streams.ts';
import { contextOf } from './support/analysis-context.ts';

const MIN = 60;
const FTP_W = 245;

/** 15 min warm-up, 4 × 8 min at 238, 241, 245 and 248 W with 4 min easy, 10 min cool-down; heart rate a little higher each time. */
function fourByEight(): ActivityStreams {
  const steps: [number, number, number, number][] = [[15 * MIN, 170, 100, 125]];
  [238, 241, 245, 248].forEach((watts, index) => {
    steps.push([8 * MIN, watts, 125 + 2 * index, 158 + 2 * index]);
    if (index < 3) steps.push([4 * MIN, 120, 158 + 2 * index, 127 + 2 * index]);
  });
  steps.push([10 * MIN, 120, 164, 115]);
  const streams: Required<Pick<ActivityStreams, 'timeS' | 'powerW' | 'heartrateBpm' | 'cadenceRpm'>> = { timeS: [], powerW: [], heartrateBpm: [], cadenceRpm: [] };
  for (const [seconds, watts, hrFrom, hrTo] of steps) {
    for (let k = 0; k < seconds; k += 1) {
      streams.timeS.push(streams.timeS.length);
      streams.powerW.push(watts);
      streams.heartrateBpm.push(hrFrom + ((hrTo - hrFrom) * k) / seconds);
      streams.cadenceRpm.push(90);
    }
  }
  return streams;
}

const intervals = readActivityIntervals({ family: 'ride', storedLaps: [], streams: fourByEight(), ftpW: FTP_W });

describe('Kai on an interval session', () => {
  it('the detection behind it: four 8 min efforts at 97–101% of the FTP', () => {
    const work = intervals.intervals!.items.filter((interval) => interval.kind === 'work');
    expect(work.map((interval) => Math.round(interval.ftpPct!))).toEqual([97, 98, 100, 101]);
    expect(Math.round(work[3]!.averageHeartrateBpm!) - Math.round(work[0]!.averageHeartrateBpm!)).toBe(6);
  });

  it('says the set as it was, with numbers that pass the number check', () => {
    const context = contextOf('ridePower', {}, (sources) => {
      sources.intervals = intervals;
    });
    const { nextSession, ...sections } = writeBuiltinAnalysis(context);
    expect(sections.feedback).toContain('Intervals (from power): 4 × 8 min at 97–101% FTP, heart rate drifting 6 bpm across the set.');
    expect(ungroundedNumbers(sections, nextSession, context)).toEqual([]);
    expect(promptFacts(context, 'relaxed')).toMatchObject({ intervals: { foundBy: 'power', set: { repeats: '4', duration: '8 min', ftpShareRange: '97–101%', heartRateDrift: '6 bpm' } } });
  });

  it('a structured workout with intervals is judged by them, never "I cannot see your workout plan"', () => {
    const context = contextOf('ridePower', { rideDetail: { type: 'structured-workout', note: null } }, (sources) => {
      sources.intervals = intervals;
    });
    const { nextSession, ...sections } = writeBuiltinAnalysis(context);
    expect(sections.feedback).toContain('Structured Workout: 4 × 8 min at 97–101% FTP, heart rate drifting 6 bpm across the set (from power).');
    expect(JSON.stringify(sections)).not.toContain('cannot see your workout plan');
    expect(ungroundedNumbers(sections, nextSession, context)).toEqual([]);
  });

  it('an activity without intervals keeps its facts (and their hash) as they were', () => {
    const without = contextOf('ridePower', {}, (sources) => {
      sources.intervals = readActivityIntervals({ family: 'ride', storedLaps: [], streams: null, ftpW: FTP_W });
    });
    expect(without).toEqual(contextOf('ridePower'));
    expect('intervals' in without).toBe(false);
  });

  it('without a power meter there is no % FTP to quote', () => {
    const { powerW: _power, ...heartRateOnly } = fourByEight();
    const hrIntervals = readActivityIntervals({ family: 'ride', storedLaps: [], streams: heartRateOnly, ftpW: FTP_W });
    expect(hrIntervals.intervals?.signal).toBe('heart-rate');
    expect(hrIntervals.intervals!.items.every((interval) => interval.ftpPct === null && interval.averagePowerW === null)).toBe(true);
    const context = contextOf('rideNoPower', {}, (sources) => {
      sources.intervals = hrIntervals;
    });
    const { nextSession, ...sections } = writeBuiltinAnalysis(context);
    expect(sections.feedback).toMatch(/Intervals \(from heart rate\): 4 × \d+ min, heart rate/);
    expect(sections.feedback).not.toMatch(/FTP/);
    expect(ungroundedNumbers(sections, nextSession, context)).toEqual([]);
  });
});
