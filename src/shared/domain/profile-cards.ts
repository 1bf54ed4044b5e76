/**
 * The goal and event cards of the athletic profile (spec §3: "Recommended events are parsed from a
 * text list with name, link, date/location, distance/elevation, fit rationale; goals from text with
 * Goal, Why this suits you, Estimated timeframe").
 *
 * The text is a list of blocks separated by blank lines; each block is "Label: value" lines:
 *
 *   Goal: Ride a 100 km gran fondo            Event: Gran fondo (medium route)
 *   Why this suits you: …                     Link: https://…            (optional)
 *   Estimated timeframe: 12 weeks             Date/Location: 2027-04-18 · a spring edition near you
 *   Kind: cycling                (optional)   Distance/Elevation: 110 km / 1,800 m
 *   Distance: 100 km             (optional)   Why it fits: …
 *   Elevation: 1,200 m           (optional)   Kind: cycling                (optional)
 *
 * The reader is lenient with what a language model writes: "**Goal:**", "- Goal:", "1. Goal:", and
 * "Name" for "Event" are accepted, unknown labels ignored, and a block without its required fields
 * dropped. Links other than http(s) are dropped.
 */

export type CardKind = 'cycling' | 'running';

export interface GoalCard {
  goal: string;
  why: string;
  timeframe: string;
  kind: CardKind | null;
  distance: string | null;
  elevation: string | null;
}

export interface EventCard {
  name: string;
  link: string | null;
  dateLocation: string;
  /** The date part of dateLocation (before " · "), for the plan's event date. */
  date: string;
  location: string | null;
  distanceElevation: string;
  distance: string;
  elevation: string | null;
  why: string;
  kind: CardKind | null;
}

const GOAL_LABELS = {
  goal: 'Goal',
  why: 'Why this suits you',
  timeframe: 'Estimated timeframe',
  kind: 'Kind',
  distance: 'Distance',
  elevation: 'Elevation',
} as const;

const EVENT_LABELS = {
  name: 'Event',
  link: 'Link',
  dateLocation: 'Date/Location',
  distanceElevation: 'Distance/Elevation',
  why: 'Why it fits',
  kind: 'Kind',
} as const;

const DATE_LOCATION_SEPARATOR = ' · ';

type Fields = Map<string, string>;

function normaliseLabel(label: string): string {
  return label.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** One "Label: value" line, without list markers or bold. */
function readLine(line: string): [string, string] | null {
  const plain = line
    .trim()
    .replace(/^(?:[-*•]|\d+[.)])\s+/, '')
    .replace(/\*\*/g, '');
  const colon = plain.indexOf(':');
  if (colon <= 0) return null;
  return [normaliseLabel(plain.slice(0, colon)), plain.slice(colon + 1).trim()];
}

function blocks(text: string): Fields[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => {
      const fields: Fields = new Map();
      for (const line of block.split('\n')) {
        const pair = readLine(line);
        if (pair && pair[1] !== '' && !fields.has(pair[0])) fields.set(pair[0], pair[1]);
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

function kindOf(value: string | undefined): CardKind | null {
  const kind = value?.toLowerCase();
  return kind === 'cycling' || kind === 'running' ? kind : null;
}

function httpLink(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.replace(/^<|>$/g, ''));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** "110 km / 1,800 m" → ["110 km", "1,800 m"]; a value without "/" is the distance alone. */
function splitPair(value: string): [string, string | null] {
  const slash = value.indexOf('/');
  if (slash < 0) return [value.trim(), null];
  const second = value.slice(slash + 1).trim();
  return [value.slice(0, slash).trim(), second === '' ? null : second];
}

export function parseGoalCards(text: string): GoalCard[] {
  const label = (key: keyof typeof GOAL_LABELS) => normaliseLabel(GOAL_LABELS[key]);
  return blocks(text).flatMap((fields) => {
    const goal = fields.get(label('goal'));
    const why = fields.get(label('why'));
    const timeframe = fields.get(label('timeframe'));
    if (!goal || !why || !timeframe) return [];
    return [
      {
        goal,
        why,
        timeframe,
        kind: kindOf(fields.get(label('kind'))),
        distance: fields.get(label('distance')) ?? null,
        elevation: fields.get(label('elevation')) ?? null,
      },
    ];
  });
}

export function parseEventCards(text: string): EventCard[] {
  const label = (key: keyof typeof EVENT_LABELS) => normaliseLabel(EVENT_LABELS[key]);
  return blocks(text).flatMap((fields) => {
    const name = fields.get(label('name')) ?? fields.get('name');
    const dateLocation = fields.get(label('dateLocation'));
    const distanceElevation = fields.get(label('distanceElevation'));
    const why = fields.get(label('why')) ?? fields.get('why this suits you');
    if (!name || !dateLocation || !distanceElevation || !why) return [];
    const separator = dateLocation.indexOf(DATE_LOCATION_SEPARATOR);
    const [distance, elevation] = splitPair(distanceElevation);
    return [
      {
        name,
        link: httpLink(fields.get(label('link'))),
        dateLocation,
        date: (separator < 0 ? dateLocation : dateLocation.slice(0, separator)).trim(),
        location: separator < 0 ? null : dateLocation.slice(separator + DATE_LOCATION_SEPARATOR.length).trim() || null,
        distanceElevation,
        distance,
        elevation,
        why,
        kind: kindOf(fields.get(label('kind'))),
      },
    ];
  });
}

function writeBlock(lines: [string, string | null][]): string {
  return lines
    .filter((line): line is [string, string] => line[1] !== null && line[1].trim() !== '')
    .map(([label, value]) => `${label}: ${value.replace(/\s*\n\s*/g, ' ').trim()}`)
    .join('\n');
}

export function writeGoalCards(goals: GoalCard[]): string {
  return goals
    .map((goal) =>
      writeBlock([
        [GOAL_LABELS.goal, goal.goal],
        [GOAL_LABELS.why, goal.why],
        [GOAL_LABELS.timeframe, goal.timeframe],
        [GOAL_LABELS.kind, goal.kind],
        [GOAL_LABELS.distance, goal.distance],
        [GOAL_LABELS.elevation, goal.elevation],
      ]),
    )
    .join('\n\n');
}

export type EventCardInput = Pick<EventCard, 'name' | 'link' | 'date' | 'location' | 'distance' | 'elevation' | 'why' | 'kind'>;

export function writeEventCards(events: EventCardInput[]): string {
  return events
    .map((event) =>
      writeBlock([
        [EVENT_LABELS.name, event.name],
        [EVENT_LABELS.link, event.link],
        [EVENT_LABELS.dateLocation, event.location ? `${event.date}${DATE_LOCATION_SEPARATOR}${event.location}` : event.date],
        [EVENT_LABELS.distanceElevation, event.elevation ? `${event.distance} / ${event.elevation}` : event.distance],
        [EVENT_LABELS.why, event.why],
        [EVENT_LABELS.kind, event.kind],
      ]),
    )
    .join('\n\n');
}
