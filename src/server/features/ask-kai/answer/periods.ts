import { addCalendarDays } from '../../../../shared/time.ts';
import { daysInWindow, type DayWindow } from '../../facts/index.ts';

/**
 * The periods a question names, as it named them, so a follow-up can replace one: 'last 6 weeks',
 * 'this month', 'since March', 'in March 2026', 'this year', 'all time'. Each resolves to days
 * counted back from the athlete's today.
 */
export type PeriodSpec =
  | { kind: 'last'; days: number; words: string }
  | { kind: 'this'; unit: 'week' | 'month' | 'year' }
  | { kind: 'previous'; unit: 'week' | 'month' | 'year' }
  | { kind: 'month'; month: number; year: number | null }
  | { kind: 'year'; year: number }
  | { kind: 'since'; month: number; day: number | null; year: number | null }
  | { kind: 'day'; offset: 0 | -1 }
  | { kind: 'all' }
  /** 'the 6 weeks before', 'the previous period': the span of the same length just before the period named first. */
  | { kind: 'before' };

export interface Period {
  spec: PeriodSpec;
  /** How an answer names it: 'the last 90 days', 'this month', 'March 2026'. */
  label: string;
  window: DayWindow;
}

export const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_LABELS = MONTHS.map((name) => name[0]!.toUpperCase() + name.slice(1));
const MONTH_PATTERN = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const monthIndex = (word: string): number => MONTHS.findIndex((name) => name.startsWith(word.slice(0, 3)));

/** Week starts on Monday here; the calendar's own week start arrives with it (issue 30). */
function weekStart(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addCalendarDays(day, -weekday);
}
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const yearStart = (day: string) => `${day.slice(0, 4)}-01-01`;
function monthEnd(year: number, month: number): string {
  return new Date(Date.UTC(year, month + 1, 0)).toISOString().slice(0, 10);
}
const pad = (value: number) => String(value).padStart(2, '0');

/** The earliest day 'all time' reaches: before any recording Kairo can hold. */
export const ALL_TIME_FROM = '1990-01-01';

/** The most recent month of that name that has begun by `today` (this month counts). */
function recentYearOf(month: number, today: string): number {
  const year = Number(today.slice(0, 4));
  return month <= Number(today.slice(5, 7)) - 1 ? year : year - 1;
}

export function resolvePeriod(spec: PeriodSpec, today: string): Period {
  const year = Number(today.slice(0, 4));
  switch (spec.kind) {
    case 'last':
      return { spec, label: `the last ${spec.words}`, window: { from: addCalendarDays(today, -(spec.days - 1)), to: today } };
    case 'this': {
      const from = spec.unit === 'week' ? weekStart(today) : spec.unit === 'month' ? monthStart(today) : yearStart(today);
      return { spec, label: `this ${spec.unit}`, window: { from, to: today } };
    }
    case 'previous': {
      if (spec.unit === 'week') {
        const from = addCalendarDays(weekStart(today), -7);
        return { spec, label: 'last week', window: { from, to: addCalendarDays(from, 6) } };
      }
      if (spec.unit === 'month') {
        const to = addCalendarDays(monthStart(today), -1);
        return { spec, label: 'last month', window: { from: monthStart(to), to } };
      }
      return { spec, label: 'last year', window: { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` } };
    }
    case 'month': {
      const monthYear = spec.year ?? recentYearOf(spec.month, today);
      const to = monthEnd(monthYear, spec.month);
      return { spec, label: `${MONTH_LABELS[spec.month]} ${monthYear}`, window: { from: `${monthYear}-${pad(spec.month + 1)}-01`, to: to < today ? to : today } };
    }
    case 'year':
      return { spec, label: String(spec.year), window: { from: `${spec.year}-01-01`, to: spec.year === year ? today : `${spec.year}-12-31` } };
    case 'since': {
      const sinceYear = spec.year ?? recentYearOf(spec.month, today);
      const from = `${sinceYear}-${pad(spec.month + 1)}-${pad(spec.day ?? 1)}`;
      // A sentence puts a period after "in" or "over": "in the time since March", never "in since March".
      const label = `the time since ${spec.day ? `${spec.day} ` : ''}${MONTH_LABELS[spec.month]}${spec.year ? ` ${spec.year}` : ''}`;
      return { spec, label, window: { from: from <= today ? from : today, to: today } };
    }
    case 'day': {
      const day = addCalendarDays(today, spec.offset);
      return { spec, label: spec.offset === 0 ? 'today' : 'yesterday', window: { from: day, to: day } };
    }
    case 'all':
      return { spec, label: 'all time', window: { from: ALL_TIME_FROM, to: today } };
    case 'before':
      // On its own it has nothing to be before: the 30 days before the last 30.
      return periodBefore(resolvePeriod({ kind: 'last', days: 30, words: '30 days' }, today));
  }
}

/**
 * The periods of a question, resolved: a 'before' period is the span just before the period named
 * before it, and a second period that resolves to the first's days ('last 4 weeks vs previous 4
 * weeks' read twice as the last 4) is the span before it.
 */
export function resolvePeriods(specs: readonly PeriodSpec[], today: string): Period[] {
  const periods: Period[] = [];
  for (const spec of specs) {
    const previous = periods.at(-1);
    let period = spec.kind === 'before' && previous ? periodBefore(previous) : resolvePeriod(spec, today);
    if (previous && period.window.from === previous.window.from && period.window.to === previous.window.to) period = periodBefore(previous);
    periods.push(period);
  }
  return periods;
}

const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

interface Found {
  index: number;
  spec: PeriodSpec;
}

/**
 * Every period the (normalised) text names, in the order it names them. The patterns are tried
 * longest first and a span of text is read once.
 */
export function periodsIn(text: string): PeriodSpec[] {
  const found: Found[] = [];
  const taken: [number, number][] = [];
  const take = (pattern: RegExp, read: (match: RegExpExecArray) => PeriodSpec | null) => {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      const spec = read(match);
      if (!spec) continue;
      taken.push([start, end]);
      found.push({ index: start, spec });
    }
  };
  take(/\b(?:the )?(?:\d+ (?:day|week|month|year)s? (?:before(?: that)?|prior)|(?:previous|prior|preceding) (?:\d+ (?:day|week|month|year)s?|period|block)|period before|same period before)\b/g, () => ({ kind: 'before' }));
  take(/\b(?:in the |over the |during the |for the )?(?:last|past|previous|recent) (\d+) (day|week|month|year)s?\b/g, (m) => {
    const n = Number(m[1]);
    if (n < 1 || n > 3650) return null;
    const unit = m[2]!;
    return { kind: 'last', days: Math.min(n * UNIT_DAYS[unit]!, 3650), words: `${n} ${unit}${n === 1 ? '' : 's'}` };
  });
  take(/\b(\d+) (day|week|month|year)s? (?:ago|back)\b/g, (m) => {
    const n = Number(m[1]);
    return n >= 1 ? { kind: 'last', days: Math.min(n * UNIT_DAYS[m[2]!]!, 3650), words: `${n} ${m[2]}${n === 1 ? '' : 's'}` } : null;
  });
  take(/\b(?:this|current) (week|month|year)\b|\b(?:year to date|ytd)\b/g, (m) => ({ kind: 'this', unit: (m[1] ?? 'year') as 'week' | 'month' | 'year' }));
  take(/\b(?:the )?past (week|month|year)\b/g, (m) => ({ kind: 'last', days: UNIT_DAYS[m[1]!]!, words: m[1] === 'week' ? '7 days' : m[1] === 'month' ? '30 days' : '365 days' }));
  take(/\b(?:last|previous|prior) (week|month|year)\b/g, (m) => ({ kind: 'previous', unit: m[1] as 'week' | 'month' | 'year' }));
  take(new RegExp(`\\b(?:since|from) (?:the )?(?:(\\d{1,2})(?:st|nd|rd|th)? (?:of )?)?${MONTH_PATTERN}(?: (\\d{1,2})(?:st|nd|rd|th)?)?(?: (\\d{4}))?\\b`, 'g'), (m) => ({
    kind: 'since',
    month: monthIndex(m[2]!),
    day: m[1] ? Number(m[1]) : m[3] ? Number(m[3]) : null,
    year: m[4] ? Number(m[4]) : null,
  }));
  take(/\b(?:in |during |for )?(20\d\d|19\d\d)\b/g, (m) => ({ kind: 'year', year: Number(m[1]) }));
  take(new RegExp(`\\b${MONTH_PATTERN}(?: (\\d{4}))?\\b`, 'g'), (m) => {
    // 'may' is also a verb: only as a month when a year follows or it stands after in/during/of/for/vs/and.
    if (m[1] === 'may' && !m[2] && !/\b(?:in|during|of|for|vs|and|with|to|than|since) $/.test(text.slice(0, m.index))) return null;
    if (m[1] === 'mar' || m[1] === 'jun' || m[1] === 'jul') return m[2] ? { kind: 'month', month: monthIndex(m[1]), year: Number(m[2]) } : null;
    return { kind: 'month', month: monthIndex(m[1]!), year: m[2] ? Number(m[2]) : null };
  });
  take(/\b(?:all[- ]time|ever|of all time|since i started|since the start)\b/g, () => ({ kind: 'all' }));
  take(/\btoday\b/g, () => ({ kind: 'day', offset: 0 }));
  take(/\byesterday\b/g, () => ({ kind: 'day', offset: -1 }));
  return found.sort((a, b) => a.index - b.index).map((entry) => entry.spec);
}

/** The period of the same length just before a window ('the 30 days before'): what a one-period comparison compares with. */
export function periodBefore(period: Period): Period {
  const days = daysInWindow(period.window);
  const to = addCalendarDays(period.window.from, -1);
  return { spec: { kind: 'last', days, words: `${days} days` }, label: `the ${days} days before`, window: { from: addCalendarDays(to, -(days - 1)), to } };
}
