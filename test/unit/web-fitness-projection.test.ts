import { describe, expect, it } from 'vitest';
import type { FitnessForecast } from '../../src/shared/api/fitness-forecast.ts';
import { axisSplitsAround, dayAxisStep, fitnessProjection } from '../../src/web/features/charts/fitness-projection.ts';

/** The fitness chart's projection (ADR 0081): morning figures, the event marked, its figures in words. */

/** Days as the model writes them from today's end (50.2, 60.4): TSB the morning's CTL − ATL, CTL and ATL after the load. */
function modelDays(loads: number[]): FitnessForecast['days'] {
  let ctl = 50.2;
  let atl = 60.4;
  return loads.map((load, index) => {
    const tsb = ctl - atl;
    ctl += (load - ctl) / 42;
    atl += (load - atl) / 7;
    return { date: `2026-03-1${index + 2}`, plannedLoad: load, basis: load === 0 ? ('assumption' as const) : ('plan' as const), ctl, atl, tsb };
  });
}
const days = modelDays([100, 0, 200]);

const forecast: FitnessForecast = {
  today: { date: '2026-03-11', load: 0, counted: 'planned', ctl: 50.2, atl: 60.4 },
  days,
  eventDay: {
    date: '2026-03-14',
    name: 'Gran Fondo Stelvio',
    ctl: days[1]!.ctl,
    atl: days[1]!.atl,
    tsb: days[2]!.tsb,
    target: { formLow: 5, formHigh: 25, met: false, advice: 'Projected form on race morning is −7: the taper would need to start earlier.' },
  },
  planId: 'plan',
  assumption: 'Days no active plan covers count as rest days.',
};

describe('the fitness chart’s projection', () => {
  it('carries on from the chart’s last day as of each morning, marks the event and says its morning’s fitness and form', () => {
    const projection = fitnessProjection(forecast, '2026-03-11')!;
    expect(projection.days.map((day) => day.date)).toEqual(['2026-03-12', '2026-03-13', '2026-03-14']);
    // The morning of the 12th: the end of today.
    expect(projection.days[0]!.ctl).toBeCloseTo(50.2, 9);
    expect(projection.days[0]!.atl).toBeCloseTo(60.4, 9);
    expect(projection.eventIndex).toBe(2);
    expect(projection.text).toBe('Projected on Gran Fondo Stelvio (Sat, Mar 14): fitness 50, form −7.');
    expect(projection.assumed).toBe(true);
    // The forecast's advice, as it says it, with the window to draw at the event day.
    expect(projection.target).toEqual({ formLow: 5, formHigh: 25, met: false, text: 'Projected form on race morning is −7: the taper would need to start earlier.' });
  });

  it('says the event morning is in the window when the forecast meets it', () => {
    const met = { ...forecast, eventDay: { ...forecast.eventDay!, target: { formLow: 5, formHigh: 25, met: true, advice: null } } };
    expect(fitnessProjection(met, '2026-03-11')!.target).toEqual({
      formLow: 5,
      formHigh: 25,
      met: true,
      text: 'That is in the window the plan aims for on the day: fresh, without losing fitness (form above +5, up to +25).',
    });
  });

  it('says the plan’s last day without an event, and draws nothing that does not carry on from the chart', () => {
    const plain = { ...forecast, eventDay: null, days: forecast.days.map((day) => ({ ...day, basis: 'plan' as const })) };
    const projection = fitnessProjection(plain, '2026-03-11')!;
    expect(projection.eventIndex).toBeNull();
    expect(projection.text).toBe('Projected on Sat, Mar 14, your plan’s last day: fitness 50, form −7.');
    expect(projection.assumed).toBe(false);
    expect(projection.target).toBeNull();
    expect(fitnessProjection(forecast, '2026-03-10')).toBeNull();
    expect(fitnessProjection({ ...forecast, days: [], eventDay: null }, '2026-03-11')).toBeNull();
  });

  it('labels every step either side of today', () => {
    expect(axisSplitsAround(120, 14, 89)).toEqual([5, 19, 33, 47, 61, 75, 89, 103, 117]);
    expect(axisSplitsAround(10, 28, 9)).toEqual([9]);
  });

  it('spaces date labels at least 60 px apart, whatever the width and the span', () => {
    // 90 days: every two weeks on a desktop plot, every four on a phone (as before the forecast).
    expect(dayAxisStep(90, 700)).toBe(14);
    expect(dayAxisStep(90, 270)).toBe(28);
    // A forecast to an event three months ahead on a phone: 28 days were 42 px apart ('29 Nov27 Dec').
    expect(dayAxisStep(180, 270)).toBe(56);
    for (const [days, width] of [[30, 300], [180, 270], [365, 900], [821, 270]] as const) {
      const step = dayAxisStep(days, width);
      expect(step % 7, `${days} days on ${width} px`).toBe(0);
      expect((step * width) / days >= 60 || step === 182, `${days} days on ${width} px`).toBe(true);
    }
  });
});
