import { describe, expect, it } from 'vitest';
import type { AskFact } from '../../src/shared/api/coach-conversations.ts';
import { HttpError } from '../../src/web/lib/api-request.ts';
import { answerParagraphs, answerSegments } from '../../src/web/features/ask-kai/answer-segments.ts';
import { askErrorMessage, loadErrorMessage } from '../../src/web/features/ask-kai/ask-errors.ts';
import { durationTicks, extent, linearScale, linePath, logScale, niceTicks, shortDuration } from '../../src/web/features/ask-kai/chart-geometry.ts';
import { fitnessSummary, powerCurveSummary, weeklyHoursSummary } from '../../src/web/features/ask-kai/chart-summary.ts';
import { factValueText, factWindowText } from '../../src/web/features/ask-kai/fact-details.ts';
import { sourceHref } from '../../src/web/features/ask-kai/source-links.ts';

const fact = (key: string, text: string, value = 0, unit = 'W'): AskFact => ({
  key,
  label: key,
  value,
  unit,
  text,
  window: { from: '2026-09-01', to: '2026-11-29' },
  source: 'Your activities',
  provenance: ['file'],
});

describe("Kai's answer split into text and figures (issue 28)", () => {
  const best = fact('power.best.300s', '312 W', 312);
  const ftp = fact('ftp.inUse', '31 W', 31);

  it('marks every occurrence of a fact, and only whole figures', () => {
    const segments = answerSegments('Best 5 min: 312 W. Again, 312 W; not 1312 W nor 312 Wh.', [best]);
    expect(segments.filter((segment) => segment.kind === 'fact').map((segment) => segment.text)).toEqual(['312 W', '312 W']);
    expect(segments.map((segment) => segment.text).join('')).toBe('Best 5 min: 312 W. Again, 312 W; not 1312 W nor 312 Wh.');
  });

  it('prefers the longest figure where two start together, and never cuts a decimal', () => {
    const hours = fact('volume.ride.time', '6 h 20 min', 22_800, 's');
    const six = fact('volume.ride.sessions', '6', 6, '');
    const segments = answerSegments('You rode 6 h 20 min in 6 rides, 1.6 per week or 6.5 h.', [six, hours]);
    expect(segments.filter((segment) => segment.kind === 'fact').map((segment) => segment.text)).toEqual(['6 h 20 min', '6']);
    expect(answerSegments('3,312 W', [best]).every((segment) => segment.kind === 'text')).toBe(true);
    expect(answerSegments('FTP 31 W', [ftp, best])).toEqual([
      { kind: 'text', text: 'FTP ' },
      { kind: 'fact', text: '31 W', fact: ftp },
    ]);
  });

  it('gives figures that read the same to their facts in order', () => {
    const ctl = fact('fitness.ctl', '0', 0, 'TSS');
    const atl = fact('fitness.atl', '0', 0, 'TSS');
    const marked = answerSegments('Fitness 0, fatigue 0, and again 0.', [ctl, atl]).flatMap((segment) => (segment.kind === 'fact' ? [segment.fact.key] : []));
    expect(marked).toEqual(['fitness.ctl', 'fitness.atl', 'fitness.atl']);
  });

  it('keeps markup in an answer as the characters it is', () => {
    const name = '<img src=x onerror="window.__xss=1">';
    const segments = answerSegments(`Your ride ${name} was 312 W.`, [best]);
    expect(segments[0]).toEqual({ kind: 'text', text: `Your ride ${name} was ` });
  });

  it('reads paragraphs and lines, dropping blank ones', () => {
    expect(answerParagraphs('One.\nTwo.\n\n\nThree.\n')).toEqual([['One.', 'Two.'], ['Three.']]);
    expect(answerParagraphs('  \n')).toEqual([]);
  });
});

describe('a fact as its card shows it', () => {
  it('writes the stored value with its unit', () => {
    expect(factValueText({ value: 312.4, unit: 'W' })).toBe('312 W');
    expect(factValueText({ value: 22_800, unit: 's' })).toBe('6 h 20 min');
    expect(factValueText({ value: 3.456, unit: 'W/kg' })).toBe('3.46 W/kg');
    expect(factValueText({ value: 12.34, unit: '%' })).toBe('12.3%');
    expect(factValueText({ value: -4, unit: '' })).toBe('-4');
    expect(factValueText({ value: 20_000, unit: 'J' })).toBe('20,000 J');
    // Days since 1970-01-01: 20,000 is 2024-10-04.
    expect(factValueText({ value: 20_000, unit: 'day' })).toMatch(/Oct 4, 2024/);
  });

  it('names its days, or says it is a setting', () => {
    expect(factWindowText(null)).toBe('Current setting');
    expect(factWindowText({ from: '2024-03-02', to: '2024-03-02' })).toMatch(/Mar 2, 2024$/);
    expect(factWindowText({ from: '2024-03-02', to: '2024-05-31' })).toMatch(/Mar 2, 2024 – .*May 31, 2024$/);
  });
});

describe('source chips', () => {
  const id = '6f1c8e0a-4b7d-4c39-9a53-0d3c1f7e2b11';
  it('lead to where the athlete sees the source', () => {
    expect(sourceHref({ kind: 'activity', label: 'Morning ride', activityId: id })).toBe(`/activities/${id}`);
    expect(sourceHref({ kind: 'period', label: 'Last 90 days', from: '2026-09-01', to: '2026-11-29' })).toBe('/');
    expect(sourceHref({ kind: 'fitness', label: 'Fitness series' })).toBe('/');
    expect(sourceHref({ kind: 'power-curve', label: 'Power curve' })).toBe('/');
    expect(sourceHref({ kind: 'plan', label: 'Winter base', planId: id })).toBe(`/training-plan/view?id=${id}`);
    expect(sourceHref({ kind: 'plan', label: 'Your plans' })).toBe('/training-plan');
    expect(sourceHref({ kind: 'readiness', label: 'Readiness' })).toBe('/check-in');
    expect(sourceHref({ kind: 'profile', label: 'Coaching profile' })).toBe('/profile');
  });
});

describe('the answer charts', () => {
  it('scale values linearly and durations per decade', () => {
    const y = linearScale({ min: 0, max: 100 }, { min: 128, max: 8 });
    expect(y(0)).toBe(128);
    expect(y(50)).toBe(68);
    expect(linearScale({ min: 5, max: 5 }, { min: 0, max: 10 })(5)).toBe(5);
    const x = logScale({ min: 1, max: 1000 }, { min: 0, max: 300 });
    expect(x(10)).toBeCloseTo(100);
    expect(x(100)).toBeCloseTo(200);
  });

  it('lift the pen over a period with no effort that long', () => {
    expect(linePath([{ x: 0, y: 1 }, { x: 1, y: 2 }, { x: 2, y: null }, { x: 3, y: 4 }])).toBe('M0.0,1.0L1.0,2.0M3.0,4.0');
    expect(extent([null, 3, -1, Number.NaN])).toEqual({ min: -1, max: 3 });
    expect(extent([null])).toBeNull();
  });

  it('put round ticks on the axes', () => {
    expect(niceTicks({ min: 0, max: 9 })).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks({ min: -23, max: 61 })).toEqual([-20, 0, 20, 40, 60]);
    expect(durationTicks({ min: 1, max: 3600 })).toEqual([5, 60, 300, 1200, 3600]);
    expect(['5 s', '1 min', '20 min', '1 h', '1.5 h'].join()).toBe([5, 60, 1200, 3600, 5400].map(shortDuration).join());
  });

  it('say what they show to a screen reader', () => {
    expect(
      fitnessSummary({
        kind: 'fitness',
        days: [
          { date: '2024-03-01', ctl: 50.2, atl: 40, tsb: 10.2 },
          { date: '2024-03-31', ctl: 61, atl: 75, tsb: -14 },
        ],
      }),
    ).toMatch(/^Fitness, fatigue and form from .*Mar 1, 2024 to .*Mar 31, 2024: fitness 50 to 61, fatigue 40 to 75, form \+10 to -14$/);
    expect(
      powerCurveSummary({
        kind: 'power-curve',
        series: [
          { label: 'Last 90 days', points: [{ durationS: 5, watts: 900 }, { durationS: 300, watts: 312 }, { durationS: 3600, watts: null }] },
          { label: 'March', points: [{ durationS: 5, watts: null }] },
        ],
      }),
    ).toBe('Power-duration curve. Last 90 days: 900 W for 5 s to 312 W for 5 min; March: no efforts');
    expect(weeklyHoursSummary({ kind: 'weekly-hours', weeks: [{ from: '2024-03-04', hours: [{ sport: 'ride', hours: 4 }, { sport: 'run', hours: 1.25 }] }] })).toMatch(
      /^Weekly hours by sport, week of .*Mar 4, 2024: 5\.3 h \(Ride 4\.0, Run 1\.3\)$/,
    );
  });
});

describe('a question Kai did not answer', () => {
  const refused = (status: number, body: string) => new HttpError(status, body, `${status}: ${body}`);
  it("says the server's reason: the daily limit and when it resets, or what is wrong with the question", () => {
    expect(askErrorMessage(refused(429, JSON.stringify({ message: 'You have asked 10 questions today. Ask again after midnight UTC.' })))).toBe(
      'You have asked 10 questions today. Ask again after midnight UTC.',
    );
    expect(askErrorMessage(refused(400, JSON.stringify({ message: 'A question is at most 1000 characters' })))).toBe('A question is at most 1000 characters');
    expect(askErrorMessage(refused(429, ''))).toMatch(/resets at midnight UTC/);
    expect(askErrorMessage(new TypeError('Failed to fetch'))).toMatch(/try again/);
    expect(loadErrorMessage(refused(404, ''))).toMatch(/does not exist/);
  });
});
