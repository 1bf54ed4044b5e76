import { describe, expect, it } from 'vitest';
import { computeMeanMaximalPower } from '../../src/metrics/mean-maximal-power.ts';
import { POWER_CURVE_GRID_S, samplePowerCurveOnGrid } from '../../src/metrics/power-curve-grid.ts';
import {
  altitudeFromMetres,
  formatAxisClock,
  formatChartDay,
  formatCurveDuration,
  formatCursorClock,
  formatPaceValue,
  paceFromMps,
  speedFromMps,
} from '../../src/web/features/charts/chart-format.ts';
import { downsampleSeries } from '../../src/web/features/charts/downsample.ts';
import { dayAxisSplits, describeFitness, formatForm, morningDays, shownFitness, todayIndex } from '../../src/web/features/charts/fitness-summary.ts';
import { describePowerCurves, overlayPowerCurves } from '../../src/web/features/charts/power-curve-overlay.ts';
import { buildStreamPanels, paceRange, speedFromDistance, valueAt } from '../../src/web/features/charts/stream-panels.ts';

const seconds = (count: number) => Array.from({ length: count }, (_, i) => i);

describe('downsampleSeries (LTTB, gaps kept)', () => {
  it('returns a series no longer than the target as it is', () => {
    const series = { x: [0, 1, 2], y: [5, null, 7] };
    expect(downsampleSeries(series, 10)).toBe(series);
  });

  it('thins 10 h at 1 Hz to about the target, keeping both ends and every isolated peak and trough', () => {
    const x = seconds(36_000);
    // A steady 200 W with a 1 s sprint of 1200 W at 5:00:00 and a 1 s drop to 0 W at 8:20:00.
    const y = x.map((s) => (s === 18_000 ? 1200 : s === 30_000 ? 0 : 200 + 20 * Math.sin(s / 60)));
    const thinned = downsampleSeries({ x, y }, 1000);
    expect(thinned.x.length).toBe(1000);
    expect(thinned.x[0]).toBe(0);
    expect(thinned.x.at(-1)).toBe(35_999);
    expect(Math.max(...(thinned.y as number[]))).toBe(1200);
    expect(thinned.x[(thinned.y as number[]).indexOf(1200)]).toBe(18_000);
    expect(Math.min(...(thinned.y as number[]))).toBe(0);
    // x stays ascending, so the chart can draw it.
    expect(thinned.x.every((value, i) => i === 0 || value > thinned.x[i - 1]!)).toBe(true);
  });

  it('keeps a recording gap as one null, with each recorded run thinned in proportion', () => {
    const x = seconds(3000);
    const y = x.map((s) => (s >= 1000 && s < 1500 ? null : s % 7));
    const thinned = downsampleSeries({ x, y }, 250);
    const gaps = thinned.y.flatMap((value, i) => (value === null ? [thinned.x[i]] : []));
    expect(gaps).toEqual([1000]);
    const before = thinned.x.filter((value, i) => value < 1000 && thinned.y[i] !== null).length;
    const after = thinned.x.filter((value) => value >= 1500).length;
    // 1000 and 1500 recorded samples share 250 points: 100 and 150.
    expect(before).toBe(100);
    expect(after).toBe(150);
    expect(thinned.x.filter((value) => value > 1000 && value < 1500)).toEqual([]);
  });
});

describe('chart formats', () => {
  it('labels elapsed time as H:MM on the axis and H:MM:SS under the cursor', () => {
    expect(formatAxisClock(0)).toBe('0:00');
    expect(formatAxisClock(59)).toBe('0:00');
    expect(formatAxisClock(5 * 60)).toBe('0:05');
    expect(formatAxisClock(90 * 60)).toBe('1:30');
    expect(formatAxisClock(10 * 3600 + 59)).toBe('10:00');
    expect(formatCursorClock(3725)).toBe('1:02:05');
    expect(formatCursorClock(59.6)).toBe('0:01:00');
  });

  it('names power-curve durations the way athletes say them', () => {
    expect([1, 5, 30, 60, 90, 300, 1200, 3600, 5400, 7200].map(formatCurveDuration)).toEqual([
      '1s',
      '5s',
      '30s',
      '1min',
      '1min 30s',
      '5min',
      '20min',
      '1h',
      '1h 30min',
      '2h',
    ]);
  });

  it('converts speed to km/h or mph and pace to min/km or min/mi (spec §9: 1 mi = 1609.34 m)', () => {
    expect(speedFromMps(10, 'metric')).toBeCloseTo(36, 10);
    expect(speedFromMps(10, 'imperial')).toBeCloseTo(22.3694, 4);
    // 4 m/s: 250 s per km (4:10 /km), 402.3 s per mile (6:42 /mi).
    expect(paceFromMps(4, 'metric')).toBe(250);
    expect(formatPaceValue(paceFromMps(4, 'metric')!)).toBe('4:10');
    expect(formatPaceValue(paceFromMps(4, 'imperial')!)).toBe('6:42');
    // Standing still has no pace.
    expect(paceFromMps(0, 'metric')).toBeNull();
    expect(paceFromMps(0.5, 'metric')).toBeNull();
    expect(altitudeFromMetres(100, 'imperial')).toBeCloseTo(328.084, 3);
    expect(altitudeFromMetres(100, 'metric')).toBe(100);
  });

  it('shows fitness days and form as read, without a time-zone shift', () => {
    expect(formatChartDay('2026-03-01')).toBe('1 Mar');
    expect(formatChartDay('2025-12-31')).toBe('31 Dec');
    expect(formatForm(4.6)).toBe('+5');
    expect(formatForm(-12.2)).toBe('−12');
    expect(formatForm(-0.3)).toBe('0');
  });

  it('labels the date axis back from today', () => {
    expect(dayAxisSplits(90, 14)).toEqual([5, 19, 33, 47, 61, 75, 89]);
    expect(dayAxisSplits(10, 28)).toEqual([9]);
    expect(todayIndex([{ date: '2026-03-01' }, { date: '2026-03-02' }], '2026-03-02')).toBe(1);
    expect(todayIndex([{ date: '2026-03-01' }], '2026-03-02')).toBeNull();
    expect(
      describeFitness([
        { date: '2026-03-01', ctl: 40.2, atl: 30, tsb: 10.2 },
        { date: '2026-03-02', ctl: 41.4, atl: 52.6, tsb: -11.2 },
      ]),
    ).toBe('On 2 Mar: fitness 41, fatigue 53, form −12. As of each morning, form = fitness − fatigue. Fitness went from 40 to 41 since 1 Mar.');
  });

  it('shows each day as of its morning, the figures adding up as shown (issue 26, ADR 0071)', () => {
    // A morning at CTL 67.4 and ATL 70.6, then a ride of load 120: the stored day holds the end-of-day averages and that morning's TSB.
    const stored = { date: '2026-03-02', load: 120, ctl: 67.4 + (120 - 67.4) / 42, atl: 70.6 + (120 - 70.6) / 7, tsb: 67.4 - 70.6 };
    const [morning] = morningDays([stored]);
    expect(morning!.ctl).toBeCloseTo(67.4, 9);
    expect(morning!.atl).toBeCloseTo(70.6, 9);
    expect(morning!.tsb).toBe(stored.tsb);
    expect(morning!.load).toBe(120);
    // Before: 69, 78 and −3 side by side. As of the morning: 67 − 71 = −4, not the −3 of TSB rounded alone.
    expect(shownFitness(morning!)).toEqual({ fitness: '67', fatigue: '71', form: '−4' });
  });
});

describe('stream panels', () => {
  const streams = {
    timeS: seconds(11),
    powerW: [0, 100, 200, 300, 400, 500, 400, 300, 200, 100, 0],
    heartrateBpm: [null, null, null, null, null, null, null, null, null, null, null],
    distanceM: seconds(11).map((s) => s * 4),
    altitudeM: seconds(11).map((s) => 100 + s),
  };

  it('makes a panel per recorded stream, power only when measured, pace for runs', () => {
    const ride = buildStreamPanels(streams, { family: 'ride', measuredPower: true }, 'metric');
    expect(ride.map((panel) => panel.key)).toEqual(['power', 'speed', 'altitude']);
    const estimated = buildStreamPanels(streams, { family: 'ride', measuredPower: false }, 'metric');
    expect(estimated.map((panel) => panel.key)).toEqual(['speed', 'altitude']);
    const run = buildStreamPanels(streams, { family: 'run', measuredPower: false }, 'imperial');
    expect(run.map((panel) => [panel.key, panel.unit])).toEqual([
      ['pace', '/mi'],
      ['altitude', 'ft'],
    ]);
    // Speed comes from distance when not recorded: 4 m/s is 14.4 km/h, 6:42 /mi.
    expect(ride[1]!.series.y[5]).toBeCloseTo(14.4, 10);
    expect(run[0]!.format(run[0]!.series.y[5]!)).toBe('6:42');
    expect(run[0]!.inverted).toBe(true);
    expect(run[1]!.series.y[0]).toBeCloseTo(328.084, 3);
  });

  it('derives speed over a window of samples and leaves unrecorded distance out', () => {
    const speed = speedFromDistance([0, 1, 2, 3], [0, 10, null, 30]);
    // Each point spans the whole (short) series: 30 m in 3 s, or its missing end.
    expect(speed).toEqual([10, 10, 10, 10]);
    expect(speedFromDistance([0, 1], [null, 5])).toEqual([null, null]);
  });

  it('fits the pace axis to the running, not to the stops', () => {
    // 95 samples at 5:00-5:47 /km and 5 stops at 25:00 /km.
    const pace = [...Array.from({ length: 95 }, (_, i) => 300 + (i % 48)), 1500, 1500, 1500, 1500, 1500];
    const [fast, slow] = paceRange(pace)!;
    // 95th percentile 347 s (5:47): slow end 347 + 0.15 × 47 + 15 = 369.05; fast end 300 − 6.905 − 5.
    expect(slow).toBeCloseTo(369.05, 6);
    expect(fast).toBeCloseTo(288.095, 6);
    expect(paceRange([300, 310])).toEqual([300 - 0.1 * 10 - 5, 310]);
    expect(paceRange([null])).toBeNull();
  });

  it('reads the drawn value nearest the cursor', () => {
    const series = { x: [0, 10, 20], y: [1, null, 3] };
    expect(valueAt(series, 4)).toBe(1);
    expect(valueAt(series, 9)).toBeNull();
    expect(valueAt(series, 16)).toBe(3);
    expect(valueAt(series, 99)).toBe(3);
    expect(valueAt({ x: [], y: [] }, 5)).toBeNull();
  });
});

describe('power curves on one grid', () => {
  it('samples a curve at the grid durations it reaches', () => {
    const curve = computeMeanMaximalPower(Array.from({ length: 65 }, (_, s) => (s < 5 ? 500 : 200)));
    const grid = samplePowerCurveOnGrid(curve);
    expect(grid).toHaveLength(POWER_CURVE_GRID_S.filter((durationS) => durationS <= 65).length);
    expect(grid[0]).toBe(500);
    // 60 s: 5 s at 500 W and 55 s at 200 W.
    expect(grid[POWER_CURVE_GRID_S.indexOf(60)]).toBe(225);
  });

  it("overlays the activity's envelope on the best curve, nulls past either's end, and says what it shows", () => {
    // 2 s at 300 W, 1 s at 0, 3 s at 250 W: the exact 4 s and 5 s bests (212.5 W, 220 W) are
    // below the whole 6 s (225 W), which the envelope carries back to them.
    const activity = computeMeanMaximalPower([300, 300, 0, 250, 250, 250]);
    expect(activity.watts).toEqual([300, 300, 250, 212.5, 220, 225]);
    const overlay = overlayPowerCurves(activity, { watts: [400, 390, 380, 370, 360, 350, 340, 330] });
    expect(overlay.durationsS).toEqual([1, 2, 3, 4, 5, 6, 8, 10]);
    expect(overlay.activityW).toEqual([300, 300, 250, 225, 225, 225, null, null]);
    expect(overlay.bestW).toEqual([400, 390, 380, 370, 360, 350, 340, 330]);
    expect(describePowerCurves(overlay, 90)).toBe('This activity: 5s 225 W. Best of the last 90 days: 5s 360 W.');
  });
});
