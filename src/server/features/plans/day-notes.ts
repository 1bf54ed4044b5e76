import { DAYS_OF_WEEK, type DayOfWeek } from '../../../shared/api/training-plans.ts';

/**
 * The plan form collects preferred days and constraints as free text ("Additional details":
 * injuries, preferred days, terrain...). The built-in generator reads the day constraints in it
 * (ADR 0029); every other sentence is reported back as not built into the sessions, so the plan
 * never pretends to have honoured a note it could not read.
 */
export interface DayNotes {
  /** The day the athlete wants the long session on. */
  longDay: DayOfWeek | null;
  /** Days the athlete cannot or will not train. */
  restDays: DayOfWeek[];
  /** When set, the only days the athlete can train. */
  onlyDays: DayOfWeek[] | null;
  /** Days the athlete would like to train. */
  preferredDays: DayOfWeek[];
  /** The sentences that name no day: not built into the plan, quoted back to the athlete. */
  unread: string[];
}

const DAY_PATTERNS: [DayOfWeek, RegExp][] = DAYS_OF_WEEK.map((day) => [day, new RegExp(`\\b${day.slice(0, 3)}(?:${day.slice(3).toLowerCase()})?s?\\b`, 'i')]);
const WEEKEND = /\bweek-?ends?\b/i;
const WEEKDAYS = /\bweek-?days\b/i;
const NEGATIVE = /\b(no|not|never|can'?t|cannot|off|rest|busy|unavailable|except|without|avoid)\b/i;

function daysIn(clause: string): DayOfWeek[] {
  const days = new Set<DayOfWeek>();
  for (const [day, pattern] of DAY_PATTERNS) if (pattern.test(clause)) days.add(day);
  if (WEEKEND.test(clause)) ['Saturday', 'Sunday'].forEach((day) => days.add(day as DayOfWeek));
  if (WEEKDAYS.test(clause)) DAYS_OF_WEEK.slice(0, 5).forEach((day) => days.add(day));
  return DAYS_OF_WEEK.filter((day) => days.has(day));
}

export function readDayNotes(text: string | null | undefined): DayNotes {
  const notes: DayNotes = { longDay: null, restDays: [], onlyDays: null, preferredDays: [], unread: [] };
  if (!text?.trim()) return notes;
  // Clauses: sentences, lines, and parts joined by ';' or ',' or 'but' each say one thing.
  const clauses = text
    .split(/[.;,\n]|\bbut\b/i)
    .map((clause) => clause.trim())
    .filter(Boolean);
  // A clause naming days with no word of its own continues the list before it ('only Tuesday, Thursday').
  type Kind = 'long' | 'rest' | 'only' | 'preferred';
  let lastKind: Kind = 'preferred';
  for (const clause of clauses) {
    const days = daysIn(clause);
    if (days.length === 0) {
      notes.unread.push(clause.length > 80 ? `${clause.slice(0, 77)}...` : clause);
      continue;
    }
    const negative = NEGATIVE.test(clause);
    const kind: Kind = /\blong\b/i.test(clause) && !negative ? 'long' : negative ? 'rest' : /\bonly\b/i.test(clause) ? 'only' : /\b(prefer|like|train|can|available|free)\w*/i.test(clause) ? 'preferred' : lastKind;
    lastKind = kind;
    if (kind === 'long') notes.longDay ??= days.at(-1) ?? null;
    else if (kind === 'rest') notes.restDays.push(...days.filter((day) => !notes.restDays.includes(day)));
    else if (kind === 'only') notes.onlyDays = [...new Set([...(notes.onlyDays ?? []), ...days])];
    else notes.preferredDays.push(...days.filter((day) => !notes.preferredDays.includes(day)));
  }
  return notes;
}
