import type { SportFamily } from '../../../../metrics/training-load.ts';
import type { ActivityFacts, Quantity } from '../../facts/index.ts';
import type { Effort } from './reading.ts';

/**
 * Small writing helpers of the built-in coach. Its sections are plain text that is safe to render
 * as Markdown: its own sentences use no markup beyond '- ' list lines, and text the athlete typed
 * (activity names, notes) is quoted without anything a renderer could take for HTML or markup.
 */

/** Joins the sentences that are present. */
export function paragraph(...sentences: (string | null | false | undefined)[]): string {
  return sentences.filter((sentence): sentence is string => typeof sentence === 'string' && sentence.length > 0).join(' ');
}

/** A Markdown list, one line per item. */
export function bullets(items: string[]): string {
  return items.map((item) => `- ${item}`).join('\n');
}

/** 'a', 'a and b', 'a, b and c'. */
export function listing(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** A phrase around a fact when the fact exists, '' otherwise: `${maybe(distance, (d) => ` over ${d}`)}`. */
export function maybe(fact: Quantity | null | undefined, phrase: (text: string) => string): string {
  return fact ? phrase(fact.text) : '';
}

export type Figure = [label: string, fact: Quantity | null | undefined];

/** 'average 276 W, normalized 301 W and max 619 W' from the facts that exist; null when none does. */
export function figures(parts: Figure[]): string | null {
  const present = parts.flatMap(([label, fact]) => (fact ? [`${label} ${fact.text}`] : []));
  return present.length > 0 ? listing(present) : null;
}

/** An effort with its article: 'an easy session'. */
export const EFFORT_PHRASES: Record<Effort, string> = {
  easy: 'an easy',
  moderate: 'a moderate, aerobic',
  hard: 'a hard',
  very_hard: 'a very hard',
};

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const MARKUP = /[<>`*_[\]#|~\\]/g;
const CONTROL = /[\p{Cc}\s]+/gu;

/**
 * The athlete's text as one safe line, cut at a word boundary when long. Markup becomes a space
 * rather than nothing, and a cut never ends inside a number: either would make a number the
 * athlete never wrote ('1*2' is not '12').
 */
export function plain(text: string, maxChars = 160): string {
  const line = text.replace(MARKUP, ' ').replace(CONTROL, ' ').trim();
  if (line.length <= maxChars) return line;
  const cut = line.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(' ');
  const kept = lastSpace > 0 ? cut.slice(0, lastSpace) : cut.replace(/[\d.:]+$/, '');
  return `${kept.trimEnd()}…`;
}

export function quote(text: string, maxChars?: number): string {
  return `“${plain(text, maxChars)}”`;
}

const FAMILY_NOUNS: Record<SportFamily, string> = {
  ride: 'ride',
  run: 'run',
  hike: 'hike',
  workout: 'workout',
  other: 'session',
};

export function familyNoun(family: SportFamily): string {
  return FAMILY_NOUNS[family];
}

/** What to call this activity in a sentence: 'ride', 'run', 'strength session', 'nordic ski'... */
export function activityNoun(activity: ActivityFacts): string {
  if (activity.sportType === 'WeightTraining') return 'strength session';
  if (activity.sportType === 'Walk') return 'walk';
  if (activity.trainer && activity.family === 'ride') return 'indoor ride';
  // Other sports by their own name: Strava's sport types are letters only ('Swim', 'NordicSki').
  if (activity.family === 'other' && /^[A-Za-z]+$/.test(activity.sportType)) {
    return activity.sportType.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase();
  }
  return familyNoun(activity.family);
}
