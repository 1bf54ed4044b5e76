import type { SportFamily } from '../../../metrics/training-load.ts';
import type { CardKind, EventCardInput, GoalCard } from '../../../shared/domain/profile-cards.ts';
import { formState } from '../../../shared/domain/form-bands.ts';
import { DEFAULT_UNIT_SYSTEM, type UnitSystem } from '../../../shared/domain/unit-system.ts';
import { formatCalendarDay, formatDistance, formatElevation, formatNumber, measureText } from '../../../shared/format.ts';
import { EVENT_CATALOGUE, formatName, type EventFormat } from './catalogue.ts';
import type { ProfileFacts } from './facts.ts';
import { DAY_MS } from '../../../shared/time.ts';

/**
 * Kairo's built-in profile writer: deterministic, and every number it writes in the prose sections
 * is a value of the facts, written as the facts hold it (in the athlete's units, facts.units). A goal or event card's rationale quotes the
 * facts and the card's own target (distance, climbing, date); the targets are proposals, the
 * catalogue's or the goal ladders' below.
 */
export interface ProfileSections {
  signatureEdge: string;
  athleteIdentity: string;
  recentImprovements: string;
  performanceStrengths: string;
  performanceLimiters: string;
}

export const PROFILE_SECTIONS = ['signatureEdge', 'athleteIdentity', 'recentImprovements', 'performanceStrengths', 'performanceLimiters'] as const satisfies readonly (keyof ProfileSections)[];

export interface WrittenProfile extends ProfileSections {
  goals: GoalCard[];
}

const SPORT_NAMES: Record<SportFamily, string> = {
  ride: 'Cycling',
  run: 'Running',
  hike: 'Hiking',
  workout: 'Strength and gym work',
  other: 'Other sports',
};
const ATHLETE_NOUNS: Record<SportFamily, string> = {
  ride: 'cyclist',
  run: 'runner',
  hike: 'hiker',
  workout: 'strength athlete',
  other: 'all-round athlete',
};
const FAMILY_KIND: Partial<Record<SportFamily, CardKind>> = { ride: 'cycling', run: 'running' };

/** One sport at least this share of the time makes the athlete a specialist of it. */
const SPECIALIST_SHARE_PCT = 70;
const LONG_SESSION_MIN = 150;
const SHORT_LONGEST_MIN = 90;
const FREQUENT_SESSIONS_PER_WEEK = 4;
const FEW_SESSIONS_PER_WEEK = 3;
const EASY_SHARE_PCT = 70;
const LOW_EASY_SHARE_PCT = 60;
const LOW_HARD_SHARE_PCT = 8;
const HIGH_W_PER_KG = 3.5;
const CLEAR_CHANGE_PCT = 10;
const MAX_GOALS = 4;
const MAX_EVENTS = 4;

const paragraphs = (...parts: (string | null | false)[]) => parts.filter((part): part is string => Boolean(part)).join('\n\n');
const bullets = (lines: string[]) => lines.map((line) => `- ${line}`).join('\n');
const signed = (pct: number) => `${pct > 0 ? '+' : pct < 0 ? '−' : ''}${Math.abs(pct)}%`;
const sessionsWord = (count: number) => (count === 1 ? 'session' : 'sessions');
/** A distance in km (a goal's, an event's, the longest session's) in the athlete's units. */
const kmIn = (km: number, units: UnitSystem) => measureText(formatDistance(km * 1000, units));
/** Facts stored before units were written into them are metric. */
const unitsOf = (facts: ProfileFacts): UnitSystem => facts.units ?? DEFAULT_UNIT_SYSTEM;

function windowSentence(facts: ProfileFacts): string {
  const { window, activityCount } = facts;
  return window
    ? `Kairo read your last ${activityCount} ${activityCount === 1 ? 'activity' : 'activities'}, from ${window.from} to ${window.to} (${window.weeks} weeks).`
    : '';
}

const NOTHING_YET = (facts: ProfileFacts) =>
  `Kairo has no activities of yours to read yet. Once they arrive, from Strava or uploaded files, this profile reads your last ${facts.activityLimit} and writes it from what they show.`;

function mainSport(facts: ProfileFacts) {
  return facts.sports[0] ?? null;
}

/** The one thing that sets the athlete apart, by the first rule their facts meet. */
function edge(facts: ProfileFacts): { title: string; detail: string } {
  const { power, longestSession, volume, intensity, run } = facts;
  if (power?.ftpWPerKg != null && power.ftpWPerKg >= HIGH_W_PER_KG && power.ftpW !== null) {
    return { title: 'Power for your weight', detail: `An FTP of ${power.ftpW} W at ${power.weightKg} kg is ${wattsPerKg(power.ftpWPerKg)}: climbs and sustained efforts are where you gain on others.` };
  }
  if (longestSession && longestSession.minutes >= LONG_SESSION_MIN) {
    return { title: 'Endurance', detail: `Your longest session lasted ${longestSession.duration} (${longestSession.distance}): long days do not scare you, and durability is what events reward.` };
  }
  if (volume && volume.weeklySessions >= FREQUENT_SESSIONS_PER_WEEK) {
    return { title: 'Consistency', detail: `${volume.weeklySessions} sessions a week, week after week: the habit most athletes never build is already yours.` };
  }
  if (intensity && intensity.easyPct >= EASY_SHARE_PCT) {
    return { title: 'Aerobic discipline', detail: `${intensity.easyPct}% of your measured time is easy: you build the aerobic engine the way endurance coaches ask, without chasing every session.` };
  }
  if (power?.ftpW != null) {
    return { title: 'Threshold power', detail: `Your FTP of ${power.ftpW} W${perKgAfter(power)} is the engine every longer effort runs on.` };
  }
  const bestRun = run?.bests.at(-1);
  if (bestRun) {
    return { title: 'Run speed', detail: `Your best ${bestRun.label} took ${bestRun.time} (${bestRun.pace}).` };
  }
  const sport = mainSport(facts)!;
  return { title: `Commitment to ${SPORT_NAMES[sport.family].toLowerCase()}`, detail: `${sport.hours} h over ${sport.sessions} ${sessionsWord(sport.sessions)} in this window.` };
}

function signatureEdge(facts: ProfileFacts): string {
  if (!facts.volume) return paragraphs('Your signature edge is still to be found.', NOTHING_YET(facts));
  const { title, detail } = edge(facts);
  const sport = mainSport(facts)!;
  return paragraphs(
    `${title}. ${detail}`,
    bullets([
      `${SPORT_NAMES[sport.family]} is ${sport.sharePct}% of your training time.`,
      `You train ${facts.volume.weeklyHours} h a week over ${facts.volume.weeklySessions} sessions.`,
    ]),
  );
}

/** Power to weight as every screen shows it, two decimals: '3.40 W/kg'. */
const wattsPerKg = (value: number) => `${formatNumber(value, 2)} W/kg`;
/** ' (3.40 W/kg)' after an FTP, when the weight is known (ADR 0071); '' without it. */
const perKgAfter = (power: ProfileFacts['power']) => (power?.ftpWPerKg != null ? ` (${wattsPerKg(power.ftpWPerKg)})` : '');

/** Form signed as every screen shows it: '+5', '−12', '0'. */
const signedForm = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${Math.abs(value)}` : '0');

function athleteIdentity(facts: ProfileFacts): string {
  const { volume, longestSession, recent } = facts;
  if (!volume || !longestSession) return NOTHING_YET(facts);
  const sport = mainSport(facts)!;
  const noun = sport.sharePct >= SPECIALIST_SHARE_PCT ? ATHLETE_NOUNS[sport.family] : 'multi-sport athlete';
  // The year is left out when the morning falls in the year the profile was written on (that day),
  // so the text depends on its facts alone, not on the day the writer happens to run.
  const fitness = recent.fitness
    ? `${recent.fitnessOn ? `On the morning of ${formatCalendarDay(recent.fitnessOn, { now: new Date(`${recent.fitnessOn}T12:00:00Z`) })}` : 'This morning'}: fitness (CTL) ${recent.fitness.ctl}, fatigue (ATL) ${recent.fitness.atl}, form ${signedForm(recent.fitness.tsb)} (form = fitness − fatigue).`
    : null;
  return paragraphs(
    `You are a ${noun}. ${windowSentence(facts)} That is ${volume.weeklyHours} h and ${volume.weeklySessions} sessions a week, ${volume.totalDistance} and ${volume.totalElevation} of climbing in all.`,
    bullets([
      ...facts.sports.map(
        (entry) => `${SPORT_NAMES[entry.family]}: ${entry.sessions} ${sessionsWord(entry.sessions)}, ${entry.hours} h, ${entry.distance} (${entry.sharePct}% of your time).`,
      ),
      `Longest session: ${longestSession.duration}, ${longestSession.distance} (${SPORT_NAMES[longestSession.family].toLowerCase()}).`,
      `The last ${recent.weeks} weeks: ${recent.weeklyHours} h a week over ${recent.weeklySessions} sessions.`,
      ...(fitness ? [fitness] : []),
    ]),
  );
}

function recentImprovements(facts: ProfileFacts): string {
  if (!facts.window) return NOTHING_YET(facts);
  const { trends } = facts;
  if (!trends) {
    return `Your activities span ${facts.window.weeks} weeks, too few (or too few activities in each half) to compare one half of the window with the other. The comparison appears once your history is longer.`;
  }
  const { first, second } = trends;
  const lines = [`Volume: ${first.weeklyHours} h a week in the first half of the window, ${second.weeklyHours} h in the second (${signed(trends.volumeChangePct)}).`];
  if (trends.loadChangePct !== null && first.weeklyLoad !== null && second.weeklyLoad !== null) {
    lines.push(`Training load: ${first.weeklyLoad} a week, then ${second.weeklyLoad} (${signed(trends.loadChangePct)}).`);
  }
  if (first.bestPowerW !== null && second.bestPowerW !== null) {
    lines.push(`Best ${trends.powerLabel} power: ${first.bestPowerW} W, then ${second.bestPowerW} W.`);
  }
  if (first.runPace !== null && second.runPace !== null) {
    lines.push(`Average run pace: ${first.runPace}, then ${second.runPace}.`);
  }
  const verdict =
    trends.volumeChangePct >= CLEAR_CHANGE_PCT
      ? 'You have been building: the second half of the window carries clearly more training than the first.'
      : trends.volumeChangePct <= -CLEAR_CHANGE_PCT
        ? 'Your training has eased off in the second half of the window; if that was not a planned recovery block, rebuild gradually.'
        : 'Your training has held steady across the window, the base every improvement stands on.';
  return paragraphs(verdict, bullets(lines));
}

function strengths(facts: ProfileFacts): string[] {
  const { power, longestSession, volume, intensity, run, trends } = facts;
  const lines: string[] = [];
  if (power && power.bests.length > 0) lines.push(`Power bests: ${power.bests.map((best) => `${best.label} ${best.watts} W`).join(', ')}.`);
  if (power?.ftpW != null) {
    const source = power.ftpSource === 'athlete' ? 'as you set it' : power.ftpSource === 'strava' ? 'from Strava' : 'estimated from your best efforts';
    lines.push(`FTP ${power.ftpW} W (${source})${power.ftpWPerKg !== null ? `, ${wattsPerKg(power.ftpWPerKg)}` : ''}.`);
  }
  if (run && run.bests.length > 0) lines.push(`Run bests: ${run.bests.map((best) => `${best.label} in ${best.time} (${best.pace})`).join(', ')}.`);
  if (longestSession && longestSession.minutes >= LONG_SESSION_MIN) lines.push(`Durability: a longest session of ${longestSession.duration}.`);
  if (volume && volume.weeklySessions >= FREQUENT_SESSIONS_PER_WEEK) lines.push(`Frequency: ${volume.weeklySessions} sessions a week.`);
  if (intensity && intensity.easyPct >= EASY_SHARE_PCT) lines.push(`Aerobic base: ${intensity.easyPct}% of ${intensity.hoursMeasured} h with zone data was easy.`);
  if (trends && trends.volumeChangePct >= CLEAR_CHANGE_PCT) lines.push(`Momentum: volume up ${trends.volumeChangePct}% from the first half of the window to the second.`);
  return lines;
}

function performanceStrengths(facts: ProfileFacts): string {
  if (!facts.volume) return NOTHING_YET(facts);
  const lines = strengths(facts);
  if (lines.length === 0) {
    return `Your activities carry no power, pace bests or zone data yet that would show a clear strength. ${windowSentence(facts)} Recording heart rate or power makes this section specific.`;
  }
  return paragraphs('What your numbers say you do well:', bullets(lines));
}

function limiters(facts: ProfileFacts): string[] {
  const { power, longestSession, volume, intensity, recent, trends, sports } = facts;
  const lines: string[] = [];
  if (intensity && intensity.hardPct < LOW_HARD_SHARE_PCT) {
    lines.push(`Little hard work: ${intensity.hardPct}% of your measured time is at threshold or above. One structured session a week would sharpen your top end.`);
  }
  if (intensity && intensity.easyPct < LOW_EASY_SHARE_PCT) {
    lines.push(`Too little easy time: ${intensity.easyPct}% easy and ${intensity.moderatePct}% in the middle zone. Easier easy days make the hard ones count.`);
  }
  if (volume && volume.weeklySessions < FEW_SESSIONS_PER_WEEK) {
    lines.push(`Frequency: ${volume.weeklySessions} sessions a week leaves long gaps between stimuli; an extra short session helps more than a longer one.`);
  }
  if (longestSession && longestSession.minutes < SHORT_LONGEST_MIN) {
    lines.push(`Long sessions: your longest lasted ${longestSession.duration}. Events past that length will ask for durability you have not trained yet.`);
  }
  const rides = sports.find((sport) => sport.family === 'ride');
  if (rides && (!power || power.bests.length === 0)) lines.push('No measured power in your rides: pacing and progress on the bike are read from heart rate only.');
  if (power?.ftpW != null && power.weightKg === null) lines.push('No weight in your coaching profile, so power per kilogram cannot be read. Add it under Settings.');
  if (!intensity && volume) lines.push('No heart-rate or power zones in your activities: the balance of easy and hard training cannot be read.');
  if (recent.fitness && formState(recent.fitness.tsb) === 'deep') lines.push(`Fatigue: your form is ${signedForm(recent.fitness.tsb)} (fitness ${recent.fitness.ctl} − fatigue ${recent.fitness.atl}). Plan easier days before the next block.`);
  if (trends && trends.volumeChangePct <= -CLEAR_CHANGE_PCT) lines.push(`Fading volume: ${trends.first.weeklyHours} h a week, then ${trends.second.weeklyHours} h.`);
  return lines;
}

function performanceLimiters(facts: ProfileFacts): string {
  if (!facts.volume) return NOTHING_YET(facts);
  const lines = limiters(facts);
  if (lines.length === 0) return 'Nothing in these numbers clearly holds you back. The next gains come from keeping this rhythm and adding specific work for the event you choose.';
  return paragraphs('What holds you back most right now:', bullets(lines));
}

/** Weeks to build from `current` to `target` (same unit): a small step, a real step, or a stretch. */
function weeksToBuild(current: number, target: number): number {
  const ratio = current > 0 ? target / current : Infinity;
  return ratio <= 1.3 ? 6 : ratio <= 2 ? 10 : 16;
}

/** The next distances to go for, in round numbers of the athlete's own unit (a mile-based ladder for imperial athletes). */
const KM_PER_MILE = 1.60934;
const LADDERS: Record<CardKind, Record<UnitSystem, { km: number; goal: string }[]>> = {
  cycling: {
    metric: [
      { km: 50, goal: 'Ride 50 km in one go' },
      { km: 100, goal: 'Ride 100 km: your first gran fondo distance' },
      { km: 161, goal: 'Ride a century (161 km)' },
      { km: 200, goal: 'Ride 200 km in a day' },
    ],
    imperial: [
      { km: 30 * KM_PER_MILE, goal: 'Ride 30 mi in one go' },
      { km: 62 * KM_PER_MILE, goal: 'Ride a metric century (62 mi)' },
      { km: 100 * KM_PER_MILE, goal: 'Ride a century (100 mi)' },
      { km: 125 * KM_PER_MILE, goal: 'Ride 125 mi in a day' },
    ],
  },
  running: {
    metric: [
      { km: 5, goal: 'Run 5 km without stopping' },
      { km: 10, goal: 'Run 10 km' },
      { km: 21.1, goal: 'Run a half marathon (21.1 km)' },
      { km: 42.2, goal: 'Run a marathon (42.2 km)' },
    ],
    imperial: [
      { km: 5, goal: 'Run a 5K without stopping' },
      { km: 10, goal: 'Run a 10K' },
      { km: 21.1, goal: 'Run a half marathon (13.1 mi)' },
      { km: 42.2, goal: 'Run a marathon (26.2 mi)' },
    ],
  },
};

function distanceGoal(facts: ProfileFacts, kind: CardKind): GoalCard | null {
  const longest = kind === 'cycling' ? facts.longestRideKm : facts.longestRunKm;
  if (longest === null || !facts.volume) return null;
  const units = unitsOf(facts);
  const step = LADDERS[kind][units].find((rung) => rung.km > longest);
  if (!step) return null;
  const what = kind === 'cycling' ? 'ride' : 'run';
  return {
    goal: step.goal,
    why: `Your longest ${what} of your last ${facts.activityCount} activities is ${kmIn(longest, units)} and you train ${facts.volume.weeklyHours} h a week; ${kmIn(step.km, units)} is the next step up.`,
    timeframe: `${weeksToBuild(longest, step.km)} weeks`,
    kind,
    distance: kmIn(step.km, units),
    elevation: null,
  };
}

function ftpGoal(facts: ProfileFacts): GoalCard | null {
  const ftpW = facts.power?.ftpW;
  if (ftpW == null) return null;
  const hard = facts.intensity ? ` and ${facts.intensity.hardPct}% of your measured time is hard` : '';
  return {
    goal: `Lift your FTP above ${ftpW} W`,
    why: `Your FTP is ${ftpW} W${perKgAfter(facts.power)}${hard}: a block of threshold and sweet-spot intervals is the most direct way to raise it.`,
    timeframe: '8 weeks',
    kind: 'cycling',
    distance: null,
    elevation: null,
  };
}

function runPaceGoal(facts: ProfileFacts): GoalCard | null {
  const named = (labels: readonly string[]) => facts.run?.bests.find((entry) => labels.includes(entry.label));
  const best = named(['10 km', '10K']) ?? named(['5 km', '5K']);
  if (!best) return null;
  return {
    goal: `Run ${best.label} faster than ${best.time}`,
    why: `Your best ${best.label} is ${best.time} (${best.pace}); steady tempo runs and one interval session a week move that line.`,
    timeframe: '8 weeks',
    kind: 'running',
    distance: best.distance,
    elevation: null,
  };
}

function consistencyGoal(facts: ProfileFacts): GoalCard {
  const why = facts.volume
    ? `You average ${facts.volume.weeklySessions} sessions and ${facts.volume.weeklyHours} h a week; a fixed weekly rhythm is what every later goal is built on.`
    : 'Kairo has no activities of yours yet; a few weeks of recorded, regular sessions give this profile, and any plan, something true to build on.';
  return { goal: 'Train three times every week', why, timeframe: '6 weeks', kind: null, distance: null, elevation: null };
}

function baseGoal(facts: ProfileFacts): GoalCard {
  const kind = FAMILY_KIND[mainSport(facts)?.family ?? 'other'] ?? null;
  const why = facts.intensity
    ? `${facts.intensity.easyPct}% of your measured time is easy; a block of steady, conversational sessions grows the aerobic base that long events need.`
    : 'A block of steady, conversational sessions grows the aerobic base that every longer goal needs.';
  return { goal: 'Build a steady aerobic base', why, timeframe: '8 weeks', kind, distance: null, elevation: null };
}

function goals(facts: ProfileFacts): GoalCard[] {
  const does = (family: SportFamily) => facts.sports.some((sport) => sport.family === family);
  const cards = [
    does('ride') ? distanceGoal(facts, 'cycling') : null,
    does('run') ? distanceGoal(facts, 'running') : null,
    does('ride') ? ftpGoal(facts) : null,
    does('run') ? runPaceGoal(facts) : null,
  ].filter((card): card is GoalCard => card !== null);
  if (!facts.volume || facts.volume.weeklySessions < FEW_SESSIONS_PER_WEEK) cards.unshift(consistencyGoal(facts));
  if (cards.length < 2) cards.push(baseGoal(facts));
  if (cards.length < 2) cards.push(consistencyGoal(facts));
  return cards.slice(0, MAX_GOALS);
}

/** The whole profile, from the facts alone. */
export function writeBuiltinProfile(facts: ProfileFacts): WrittenProfile {
  return {
    signatureEdge: signatureEdge(facts),
    athleteIdentity: athleteIdentity(facts),
    recentImprovements: recentImprovements(facts),
    performanceStrengths: performanceStrengths(facts),
    performanceLimiters: performanceLimiters(facts),
    goals: goals(facts),
  };
}

/** The first Sunday at least `weeks` weeks after `now`, as an ISO date: events are usually on a weekend. */
export function targetSunday(now: Date, weeks: number): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + weeks * 7 * DAY_MS);
  const daysToSunday = (7 - start.getUTCDay()) % 7;
  return new Date(start.getTime() + daysToSunday * DAY_MS).toISOString().slice(0, 10);
}

/** The formats of a kind the athlete is ready to aim for, most ambitious first; the smallest when none is. */
function formatsFor(kind: CardKind, longestKm: number | null): EventFormat[] {
  const ofKind = EVENT_CATALOGUE.filter((format) => format.kind === kind);
  const ready = ofKind.filter((format) => longestKm !== null && format.readyFromKm <= longestKm).sort((a, b) => b.readyFromKm - a.readyFromKm);
  const stretch = ofKind.filter((format) => !ready.includes(format)).sort((a, b) => a.readyFromKm - b.readyFromKm);
  return [...ready.slice(0, 2), ...stretch].slice(0, 2);
}

function eventWhy(facts: ProfileFacts, format: EventFormat, longestKm: number | null): string {
  if (longestKm === null || !facts.volume) {
    return facts.volume
      ? `You have not logged a ${format.kind === 'cycling' ? 'ride' : 'run'} in your last ${facts.activityCount} activities; this is the entry-level ${format.kind} format, with room to build up to it.`
      : 'Kairo has no activities of yours to read yet; this entry-level format leaves time to build up to it.';
  }
  const what = format.kind === 'cycling' ? 'ride' : 'run';
  const units = unitsOf(facts);
  const reach = format.distanceKm <= longestKm ? `already within your range, a chance to ${what} it well rather than just finish` : 'the next step beyond it';
  return `Your longest ${what} in your last ${facts.activityCount} activities is ${kmIn(longestKm, units)} and you train ${facts.volume.weeklyHours} h a week; ${kmIn(format.distanceKm, units)} is ${reach}.`;
}

/** 2 to 4 event cards from the catalogue, fitted to the athlete's sports and longest sessions. */
export function recommendCatalogueEvents(facts: ProfileFacts, now: Date): EventCardInput[] {
  const does = (family: SportFamily) => facts.sports.some((sport) => sport.family === family);
  const kinds: CardKind[] = does('ride') || does('run') ? (['cycling', 'running'] as const).filter((kind) => does(kind === 'cycling' ? 'ride' : 'run')) : ['cycling', 'running'];
  const picks = kinds.flatMap((kind) => {
    const longestKm = kind === 'cycling' ? facts.longestRideKm : facts.longestRunKm;
    // Without any activity, one entry-level format of each kind; otherwise two per kind the athlete does.
    const formats = facts.volume ? formatsFor(kind, longestKm) : formatsFor(kind, longestKm).slice(0, 1);
    return formats.map((format) => ({ format, longestKm }));
  });
  const units = unitsOf(facts);
  return picks.slice(0, MAX_EVENTS).map(({ format, longestKm }) => ({
    name: formatName(format, units),
    link: null,
    date: targetSunday(now, longestKm === null ? 12 : weeksToBuild(longestKm, format.distanceKm) + 2),
    location: 'an edition near you',
    distance: kmIn(format.distanceKm, units),
    elevation: format.elevationM === null ? null : measureText(formatElevation(format.elevationM, units)),
    why: eventWhy(facts, format, longestKm),
    kind: format.kind,
  }));
}
