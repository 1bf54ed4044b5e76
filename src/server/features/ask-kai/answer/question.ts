import { POWER_CURVE_GRID_S } from '../../../../metrics/power-curve-grid.ts';
import type { FamilyOrAll } from '../../facts/index.ts';
import { periodsIn, type PeriodSpec } from './periods.ts';

/**
 * What Ask Kai understands of a question, from free English text: the kind of answer, and the
 * sport, period(s), duration and metric it asks about. Built-in, no model: word lists and a few
 * patterns over a normalised text ("five minutes" → "5 min", "300 s" → "5 min"). A follow-up
 * ("and over the last 30 days?", "what about running?") is the previous question with what it
 * changes.
 */
export type QuestionKind =
  | 'fitness'
  | 'best-power'
  | 'thresholds'
  | 'volume'
  | 'compare'
  | 'extremes'
  | 'zones'
  | 'aerobic'
  | 'plan'
  | 'ready'
  | 'activity';

export interface Question {
  kind: QuestionKind;
  /** null: the question named no sport. */
  sport: FamilyOrAll | null;
  periods: PeriodSpec[];
  /** Best power's duration, on the power-curve grid. */
  durationS: number | null;
  /** The duration as the athlete asked for it, when it is not on the grid (the answer says which it read). */
  askedDurationS: number | null;
  by: 'week' | 'month' | null;
  zoneKind: 'hr' | 'power' | null;
  extreme: 'longest' | 'hardest' | null;
  /** 'ready': the session or event asked about. */
  target: { durationS: number | null; distanceM: number | null; hard: boolean; day: string | null; words: string } | null;
}

export type Understood = { ok: true; question: Question; followUp: boolean } | { ok: false };

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  fifteen: 15, twenty: 20, thirty: 30, forty: 40, fortyfive: 45, sixty: 60, ninety: 90, hundred: 100,
};

/** Lower case, plain quotes and dashes, number words as digits, 'an hour' as '1 hour'. */
export function normalise(text: string): string {
  let normal = text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[’‘`]/g, "'")
    .replace(/[–—]/g, '-')
    .replace(/\bforty[- ]five\b/g, 'fortyfive')
    .replace(/\bhalf an hour\b/g, '30 min')
    .replace(/\b(?:an|a|one) hour\b/g, '1 hour')
    .replace(/\b(best|max|maximum|peak|top|highest) (hour|minute)\b/g, '$1 1 $2')
    .replace(/\ba (day|week|month|year)\b/g, '1 $1')
    .replace(/\b(a )?couple of (day|week|month)s?\b/g, '2 $2s')
    .replace(/\b(a )?few (day|week|month)s?\b/g, '3 $2s');
  normal = normal.replace(/\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fortyfive|sixty|ninety|hundred)\b/g, (word) => String(NUMBER_WORDS[word]));
  // '5-minute', '20min', "5'" → '5 min'; '4-hour' → '4 hour'; '90-day' → '90 day'.
  normal = normal
    .replace(/(\d)\s*-\s*(?=[a-z])/g, '$1 ')
    .replace(/(\d)(?=[a-z])/g, '$1 ')
    .replace(/(\d+)\s*'(?!\w)/g, '$1 min')
    .replace(/[?!.,;:()"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return normal;
}

const has = (text: string, pattern: RegExp) => pattern.test(text);

const SPORTS: [RegExp, FamilyOrAll][] = [
  [/\b(?:rides?|riding|rode|ridden|bikes?|biking|cycl(?:e|es|ed|ing|ist)|cycling|mtb|gravel|zwift|trainer)\b/, 'ride'],
  [/\b(?:runs?|running|ran|jog(?:s|ging|ged)?|runner|marathon|half marathon|5 k|10 k|parkrun)\b/, 'run'],
  [/\b(?:hikes?|hiking|hiked|walks?|walking|walked)\b/, 'hike'],
  [/\b(?:workouts?|strength|gym|weights|lifting|yoga|core)\b/, 'workout'],
  [/\b(?:swims?|swimming|swam|rowing|row|ski(?:ing)?)\b/, 'other'],
  [/\b(?:in total|overall|all sports|all activities|everything|altogether|combined|all my training)\b/, 'all'],
];

export function sportIn(text: string): FamilyOrAll | null {
  for (const [pattern, family] of SPORTS) if (pattern.test(text)) return family;
  return null;
}

const DURATION = /\b(\d+(?:\.\d+)?) ?(s|sec|secs|second|seconds|m|min|mins|minute|minutes|h|hr|hrs|hour|hours)\b/g;

/** Every duration the text names, in seconds, with where it stands. */
function durationsIn(text: string): { seconds: number; index: number; end: number }[] {
  return [...text.matchAll(DURATION)].map((match) => {
    const n = Number(match[1]);
    const unit = match[2]!;
    const seconds = unit.startsWith('s') ? n : unit.startsWith('h') ? n * 3600 : n * 60;
    return { seconds: Math.round(seconds), index: match.index, end: match.index + match[0].length };
  });
}

/** The grid duration nearest (by ratio) to what was asked. */
export function nearestGridDuration(seconds: number): number {
  let best = POWER_CURVE_GRID_S[0]!;
  for (const candidate of POWER_CURVE_GRID_S) if (Math.abs(Math.log(candidate / seconds)) < Math.abs(Math.log(best / seconds))) best = candidate;
  return best;
}

const DISTANCE = /\b(\d+(?:\.\d+)?) ?(km|k|kilometers?|kilometres?|mi|miles?)\b/;

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The day a 'ready for … on Saturday / tomorrow' question names, counted from today. */
function targetDay(text: string, today: string): string | null {
  const base = new Date(`${today}T00:00:00Z`);
  if (/\btomorrow\b/.test(text)) return new Date(base.getTime() + 86_400_000).toISOString().slice(0, 10);
  const weekday = WEEKDAYS.findIndex((day) => new RegExp(`\\b${day}\\b`).test(text));
  if (weekday < 0) return null;
  const ahead = (weekday - base.getUTCDay() + 7) % 7 || 7;
  return new Date(base.getTime() + ahead * 86_400_000).toISOString().slice(0, 10);
}

const POWER_WORDS = /\b(?:power|watts?|w|mmp|power curve|power-duration|pdc|peak)\b/;
const BEST_WORDS = /\b(?:best|max|maximum|max(?:imal)?|peak|top|highest|record|pr|pb|strongest|most)\b/;

function kindOf(text: string, context: { activityId: boolean; durations: number; periods: number }): QuestionKind | null {
  if (has(text, /\bwhat (?:should|do) i do\b|\bwhat's on (?:for )?(?:today|tomorrow)\b|\bwhat is on (?:for )?(?:today|tomorrow)\b/)) return 'plan';
  if (has(text, /\b(?:am i|are my legs|will i be|would i be|i'm|im) (?:ready|fit enough|prepared|fresh enough)\b|\bready (?:for|to)\b|\b(?:can|could) i (?:do|handle|manage|ride|run|race|complete|finish|go|survive)\b|\bup for\b|\bshould i (?:race|do|ride|run)\b|\bfit enough\b/)) return 'ready';
  if (has(text, /\b(?:plan|next key|key session|next session|next workout|tomorrow|what should i do|on track|training block|what's next|whats next|next up|scheduled|planned)\b/)) return 'plan';
  // With an activity in view, a question about it ('what did this ride mean for my fitness?') is about it.
  if (context.activityId && has(text, /\b(?:this|that) (?:activity|ride|run|session|workout|hike|one)\b|\bwhat did (?:it|this|that)\b|\bhow did (?:i|it) (?:do|go)\b|\bmean\b|\bmeant\b/)) return 'activity';
  if (has(text, /\b(?:zones?|z[1-7]|polari[sz]ed|intensity distribution|80 ?\/ ?20|time at (?:threshold|intensity))\b/)) return 'zones';
  if (has(text, /\b(?:decoupl\w*|drift|efficiency|ef|aerobic (?:fitness|efficiency|base|endurance)|pw ?hr|pa ?hr|cardiac drift)\b/)) return 'aerobic';
  if (has(text, /\b(?:ftp|threshold|critical power|cp|w ?prime|wprime|anaerobic capacity|functional threshold)\b|\bw ?'|w′/)) return 'thresholds';
  if ((has(text, BEST_WORDS) && (has(text, POWER_WORDS) || context.durations > 0) && !has(text, /\b(?:longest|hardest|toughest|biggest)\b/)) || has(text, /\b(?:power curve|power-duration|mmp)\b/) || (context.durations > 0 && has(text, /\b(?:power|watts)\b/)))
    return 'best-power';
  if (has(text, /\b(?:longest|hardest|toughest|biggest|most (?:load|tss|demanding|intense)|heaviest|furthest|farthest)\b/)) return 'extremes';
  if (has(text, /\b(?:fitness|fatigue|fatigued|form|ctl|atl|tsb|tired|exhausted|recovered|fresh(?:ness)?|fitter|getting (?:better|stronger|slower|worse)|how am i doing|how's my training|hows my training|training load trend|overtrain\w*|losing fitness|(?:chronic|acute) training load|training stress balance|performance management)\b/)) return 'fitness';

  if (has(text, /\b(?:compare|compared|comparison|vs|versus|against|than)\b/) && context.periods >= 1) return 'compare';
  if (has(text, /\b(?:how (?:many|much|far|long)|hours|volume|distance|km|kilometers?|kilometres?|miles?|mileage|elevation|climbing|climbed|total|totals|per week|per month|weekly|monthly|each week|each month|sessions|activities|trained|train|rides|runs)\b/)) return 'volume';
  if (context.activityId) return 'activity';
  return null;
}

/** Reads a question; `previous` is the conversation's last understood question, for follow-ups. */
export function understand(raw: string, options: { today: string; activityId: boolean; previous: Question | null }): Understood {
  const text = normalise(raw);
  const periods = periodsIn(text);
  const durations = durationsIn(text);
  const sport = sportIn(text);
  const kind = kindOf(text, { activityId: options.activityId, durations: durations.length, periods: periods.length });
  const by: Question['by'] = has(text, /\b(?:per|each|every|by|a) week\b|\bweekly\b|\bweek by week\b/) ? 'week' : has(text, /\b(?:per|each|every|by|a) month\b|\bmonthly\b|\bmonth by month\b/) ? 'month' : null;
  const zoneKind: Question['zoneKind'] = has(text, /\b(?:heart ?rate|hr|bpm|pulse)\b/) ? 'hr' : has(text, /\b(?:power|watts?)\b/) ? 'power' : null;
  const extreme: Question['extreme'] = has(text, /\b(?:hardest|toughest|most (?:load|tss|demanding|intense)|heaviest)\b/) ? 'hardest' : has(text, /\b(?:longest|biggest|furthest|farthest)\b/) ? 'longest' : null;
  const askedDurationS = durations[0]?.seconds ?? null;

  const previous = options.previous;
  const looksLikeFollowUp = previous !== null && (kind === null || /^(?:and|what about|how about|same|and what about|now|also|ok and|then)\b/.test(text));
  if (looksLikeFollowUp && previous && (periods.length > 0 || sport !== null || durations.length > 0 || by !== null || zoneKind !== null)) {
    const question: Question = {
      ...previous,
      sport: sport ?? previous.sport,
      periods: periods.length > 0 ? periods : previous.periods,
      by: by ?? previous.by,
      zoneKind: zoneKind ?? previous.zoneKind,
      ...(askedDurationS !== null && previous.kind === 'best-power' ? gridDuration(askedDurationS) : {}),
    };
    return { ok: true, question, followUp: true };
  }
  if (kind === null) return { ok: false };

  const question: Question = {
    kind,
    sport,
    periods,
    durationS: null,
    askedDurationS: null,
    by,
    zoneKind,
    extreme,
    target: null,
  };
  if (kind === 'best-power') Object.assign(question, gridDuration(askedDurationS ?? 20 * 60));
  if (kind === 'ready') {
    const distance = DISTANCE.exec(text);
    const distanceM = distance ? Number(distance[1]) * (distance[2]!.startsWith('m') ? 1609.344 : 1000) : null;
    const hard = has(text, /\b(?:race|hard|intervals?|threshold|vo2|tempo|fast|sprint|crit|time trial|tt|pr|pb|all out|max effort)\b/);
    const words = raw.trim().replace(/\s+/g, ' ').slice(0, 120);
    question.target = { durationS: askedDurationS, distanceM, hard, day: targetDay(text, options.today), words };
  }
  return { ok: true, question, followUp: false };
}

function gridDuration(seconds: number): Pick<Question, 'durationS' | 'askedDurationS'> {
  const grid = nearestGridDuration(seconds);
  return { durationS: grid, askedDurationS: grid === seconds ? null : seconds };
}
