import { describe, expect, it } from 'vitest';
import { understand, type Question } from '../../src/server/features/ask-kai/answer/question.ts';
import { periodsIn, resolvePeriod } from '../../src/server/features/ask-kai/answer/periods.ts';

const TODAY = '2026-11-29'; // a Sunday
const ask = (text: string, previous: Question | null = null, activityId = false) => {
  const understood = understand(text, { today: TODAY, activityId, previous });
  if (!understood.ok) throw new Error(`not understood: ${text}`);
  return understood.question;
};
const windowsOf = (question: Question) => question.periods.map((spec) => resolvePeriod(spec, TODAY).window);

describe('Ask Kai reads the kind of question', () => {
  it.each([
    ['How is my fitness?', 'fitness'],
    ["What's my form looking like", 'fitness'],
    ['Am I getting fitter?', 'fitness'],
    ['Is my threshold going up?', 'thresholds'],
    ["what's my W' these days", 'thresholds'],
    ['critical power estimate', 'thresholds'],
    ['best 5 min power last 90 days', 'best-power'],
    ['What are my peak watts for five minutes?', 'best-power'],
    ['Show my power curve since March', 'best-power'],
    ['How many hours did I ride per week this month?', 'volume'],
    ['how far did I run in October', 'volume'],
    ['Compare this month with March', 'compare'],
    ['What was my longest ride this year?', 'extremes'],
    ['hardest session in the last 6 weeks', 'extremes'],
    ['How much time did I spend in zone 2 last month?', 'zones'],
    ['Is my aerobic decoupling improving?', 'aerobic'],
    ["What's my next key session?", 'plan'],
    ['What should I do tomorrow?', 'plan'],
    ['Am I ready for a four-hour ride on Saturday?', 'ready'],
    ['Can I handle a hard interval session today?', 'ready'],
  ] as const)('%s → %s', (text, kind) => {
    expect(ask(text).kind).toBe(kind);
  });

  it('reads what an activity meant only with an activity in view', () => {
    expect(ask('What did this ride mean for me?', null, true).kind).toBe('activity');
    expect(ask('What did this ride mean for my fitness?', null, true).kind).toBe('activity');
    expect(understand('What did this ride mean for me?', { today: TODAY, activityId: false, previous: null }).ok).toBe(false);
  });

  it('refuses what it cannot answer', () => {
    for (const text of ['What should I eat before a race?', 'Tell me a joke', 'Which saddle is best?']) {
      expect(understand(text, { today: TODAY, activityId: false, previous: null }).ok, text).toBe(false);
    }
  });
});

describe('durations, sports and periods', () => {
  it('reads one duration however it is written', () => {
    for (const text of ['best 5 min power', 'best five minute power', 'best 300 s power', 'best 5-minute power', "best 5' power", 'best 5min power']) {
      expect(ask(text).durationS, text).toBe(300);
    }
    expect(ask('best power for an hour').durationS).toBe(3600);
    expect(ask('best 7 minute power').durationS).toBe(420);
    // Not on the grid: the nearest grid duration, and what was asked kept.
    expect(ask('best 13 minute power')).toMatchObject({ durationS: 720, askedDurationS: 780 });
  });

  it('reads sports by their many names', () => {
    expect(ask('how many hours did I cycle this month').sport).toBe('ride');
    expect(ask('how far did I jog this month').sport).toBe('run');
    expect(ask('how many km on the bike last week').sport).toBe('ride');
    expect(ask('total hours this month').sport).toBeNull();
    expect(ask('hours this month across all sports').sport).toBe('all');
  });

  it('resolves periods from today', () => {
    expect(windowsOf(ask('how many hours in the last 6 weeks'))).toEqual([{ from: '2026-10-19', to: TODAY }]);
    expect(windowsOf(ask('how many hours since March'))).toEqual([{ from: '2026-03-01', to: TODAY }]);
    // Named as a sentence needs it after "in" or "over" ("From your best 20 min power in …").
    expect(ask('how many hours since March').periods.map((spec) => resolvePeriod(spec, TODAY).label)).toEqual(['the time since March']);
    expect(windowsOf(ask('how many hours this year'))).toEqual([{ from: '2026-01-01', to: TODAY }]);
    expect(windowsOf(ask('how many hours this week'))).toEqual([{ from: '2026-11-23', to: TODAY }]);
    expect(windowsOf(ask('how many hours last week'))).toEqual([{ from: '2026-11-16', to: '2026-11-22' }]);
    expect(windowsOf(ask('how many hours last month'))).toEqual([{ from: '2026-10-01', to: '2026-10-31' }]);
    expect(windowsOf(ask('how many hours in the past 30 days'))).toEqual([{ from: '2026-10-31', to: TODAY }]);
    // A month not yet reached this year is last year's.
    expect(windowsOf(ask('how many hours in December'))).toEqual([{ from: '2025-12-01', to: '2025-12-31' }]);
    expect(windowsOf(ask('Compare this month with March'))).toEqual([
      { from: '2026-11-01', to: TODAY },
      { from: '2026-03-01', to: '2026-03-31' },
    ]);
  });

  it("does not read the verb 'may' as a month", () => {
    expect(periodsIn('may i see my hours this week')).toEqual([{ kind: 'this', unit: 'week' }]);
    expect(periodsIn('hours in may')).toEqual([{ kind: 'month', month: 4, year: null }]);
  });
});

describe('follow-ups keep the subject', () => {
  it('changes only the period', () => {
    const first = ask('What is my best 5 minute power in the last 90 days?');
    const next = ask('and over the last 30 days?', first);
    expect(next).toMatchObject({ kind: 'best-power', durationS: 300 });
    expect(windowsOf(next)).toEqual([{ from: '2026-10-31', to: TODAY }]);
  });

  it('changes only the sport', () => {
    const first = ask('How many hours did I ride per week this month?');
    const next = ask('what about running?', first);
    expect(next).toMatchObject({ kind: 'volume', sport: 'run', by: 'week' });
    expect(windowsOf(next)).toEqual(windowsOf(first));
  });

  it('a new question starts a new subject', () => {
    const first = ask('How many hours did I ride this month?');
    expect(ask('How is my fitness?', first).kind).toBe('fitness');
  });
});

describe('a second period relative to the first', () => {
  it("reads 'the 6 weeks before' and 'previous 4 weeks' as the span before the first period", async () => {
    const { resolvePeriods } = await import('../../src/server/features/ask-kai/answer/periods.ts');
    const before = ask('How has my best 5-minute power changed in the last 6 weeks compared with the 6 weeks before?');
    expect(resolvePeriods(before.periods, TODAY).map((period) => period.window)).toEqual([
      { from: '2026-10-19', to: TODAY },
      { from: '2026-09-07', to: '2026-10-18' },
    ]);
    const previous = ask('hours in the last 4 weeks vs the previous 4 weeks');
    expect(resolvePeriods(previous.periods, TODAY).map((period) => period.window)).toEqual([
      { from: '2026-11-02', to: TODAY },
      { from: '2026-10-05', to: '2026-11-01' },
    ]);
  });

  it('reads fatigue, chronic load and a race as what they are, and a bike fit as nothing it can answer', () => {
    expect(ask('How fatigued am I at the moment?').kind).toBe('fitness');
    expect(ask('How much has my chronic training load changed since March?').kind).toBe('fitness');
    expect(ask('Could I race a gran fondo this weekend?').kind).toBe('ready');
    expect(understand('Can you book me a bike fit next Tuesday?', { today: TODAY, activityId: false, previous: null }).ok).toBe(false);
    expect(ask('When was my best hour of power in the past 30 days?').durationS).toBe(3600);
  });
});
