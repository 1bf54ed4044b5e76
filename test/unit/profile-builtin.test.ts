import { MockLanguageModelV3 } from 'ai/test';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { numbersIn } from '../../src/server/ai/numbers.ts';
import { createStructuredModel } from '../../src/server/ai/structured-model.ts';
import { summariseTraining } from '../../src/server/features/plans/athlete-facts.ts';
import { recommendCatalogueEvents, targetSunday, writeBuiltinProfile, type WrittenProfile } from '../../src/server/features/profile/builtin.ts';
import { EVENT_CATALOGUE } from '../../src/server/features/profile/catalogue.ts';
import { profileFacts, type ProfileActivity, type ProfileFacts } from '../../src/server/features/profile/facts.ts';
import { createLlmProfileWriter, ungroundedProfileNumbers } from '../../src/server/features/profile/llm.ts';
import { POWER_CURVE_GRID_S } from '../../src/metrics/power-curve-grid.ts';
import type { UnitSystem } from '../../src/shared/domain/unit-system.ts';
import { parseEventCards, parseGoalCards, writeEventCards, writeGoalCards } from '../../src/shared/domain/profile-cards.ts';
import { DAY_MS } from '../../src/shared/time.ts';

const now = new Date('2026-03-10T12:00:00Z');

/** A power curve on the grid that falls from `peak` W at 1 s towards `sustained` W. */
const curve = (peak: number, sustained: number, durationS: number) =>
  POWER_CURVE_GRID_S.filter((seconds) => seconds <= durationS).map((seconds) => Math.round(sustained + (peak - sustained) / Math.sqrt(seconds)));

function ride(daysAgo: number, minutes: number, watts: number): ProfileActivity {
  return {
    family: 'ride',
    source: 'file',
    startDate: new Date(now.getTime() - daysAgo * DAY_MS),
    movingTimeS: minutes * 60,
    distanceM: (minutes / 60) * 29_000,
    elevationGainM: minutes * 6,
    trainingLoad: (minutes / 60) * 55,
    powerZoneSeconds: [minutes * 20, minutes * 25, minutes * 8, minutes * 4, minutes * 2, minutes, 0],
    hrZoneSeconds: null,
    powerCurveW: curve(900, watts, minutes * 60),
    bestEfforts: [],
    thresholdSources: [],
  };
}

function run(daysAgo: number, minutes: number): ProfileActivity {
  const distanceM = (minutes / 5.2) * 1000;
  return {
    family: 'run',
    source: 'archive',
    startDate: new Date(now.getTime() - daysAgo * DAY_MS),
    movingTimeS: minutes * 60,
    distanceM,
    elevationGainM: 40,
    trainingLoad: minutes,
    powerZoneSeconds: null,
    hrZoneSeconds: [minutes * 10, minutes * 30, minutes * 12, minutes * 6, minutes * 2],
    powerCurveW: [],
    bestEfforts: [
      { distanceM: 1000, elapsedS: 280 },
      ...(distanceM >= 5000 ? [{ distanceM: 5000, elapsedS: 1505 }] : []),
      ...(distanceM >= 10000 ? [{ distanceM: 10000, elapsedS: 3120 }] : []),
    ],
    thresholdSources: [],
  };
}

function factsOf(log: ProfileActivity[], weightKg: number | null = 72, units: UnitSystem = 'metric'): ProfileFacts {
  const recent = summariseTraining(log, now, { fitness: log.length ? { ctl: 48.4, atl: 55.2, tsb: -6.8 } : null, ftp: log.some((a) => a.family === 'ride') ? { watts: 262, source: 'estimate' } : null });
  return profileFacts(log, recent, weightKg, [], units);
}

/** 8 weeks of rides, building: 3 a week, 60 to 150 min. */
const rides = Array.from({ length: 24 }, (_, index) => ride(56 - index * 2.3, 60 + (index % 3) * 30 + (index > 12 ? 20 : 0), 240 + index));
const runs = Array.from({ length: 18 }, (_, index) => run(40 - index * 2.2, 30 + (index % 3) * 15));
const mixed = [...rides.slice(-15), ...runs.slice(-15)].sort((a, b) => a.startDate.getTime() - b.startDate.getTime());

const SECTIONS = ['signatureEdge', 'athleteIdentity', 'recentImprovements', 'performanceStrengths', 'performanceLimiters'] as const;

/** Every number of the prose comes from the facts; a card's rationale also from the card's own target. */
function expectGrounded(profile: WrittenProfile, facts: ProfileFacts): void {
  expect(ungroundedProfileNumbers(profile, facts)).toEqual([]);
}

describe('the built-in athletic profile', () => {
  it.each([
    ['rides only', rides],
    ['runs only', runs],
    ['rides and runs', mixed],
  ])('writes every section and 2 to 4 goal cards, every number from the facts (%s)', (_name, log) => {
    const facts = factsOf(log);
    const profile = writeBuiltinProfile(facts);
    for (const section of SECTIONS) expect(profile[section].trim().length).toBeGreaterThan(40);
    expectGrounded(profile, facts);
    expect(profile.goals.length).toBeGreaterThanOrEqual(2);
    expect(profile.goals.length).toBeLessThanOrEqual(4);
    expect(parseGoalCards(writeGoalCards(profile.goals))).toEqual(profile.goals);
  });

  it('reads the facts from the activities: volume, mix, zones, bests, trends', () => {
    const facts = factsOf(mixed);
    expect(facts.activityCount).toBe(30);
    expect(facts.sports.map((sport) => sport.family).sort()).toEqual(['ride', 'run']);
    expect(facts.sports.reduce((sum, sport) => sum + sport.sessions, 0)).toBe(30);
    const { intensity } = facts;
    expect(intensity!.easyPct + intensity!.moderatePct + intensity!.hardPct).toBe(100);
    expect(facts.power!.bests.map((best) => best.label)).toEqual(['5 s', '1 min', '5 min', '20 min']);
    expect(facts.power).toMatchObject({ ftpW: 262, ftpSource: 'estimate', weightKg: 72, ftpWPerKg: 3.64 });
    expect(facts.run!.bests.map((best) => [best.label, best.time, best.pace])).toEqual([
      ['1 km', '4:40', '4:40 /km'],
      ['5 km', '25:05', '5:01 /km'],
      ['10 km', '52:00', '5:12 /km'],
    ]);
    expect(facts.trends).not.toBeNull();
    const profile = writeBuiltinProfile(facts);
    expect(profile.performanceStrengths).toContain('5 km in 25:05 (5:01 /km)');
    expect(profile.athleteIdentity).toContain(`${facts.volume!.weeklyHours} h and ${facts.volume!.weeklySessions} sessions a week`);
  });

  it('states fitness, fatigue and form as of the morning of the day it was written, adding up as shown, and W/kg beside the FTP (issue 26, ADR 0071)', () => {
    // A stored day: the morning's CTL 48.4 and ATL 55.4 (TSB −7.0), then a ride of load 90: 48 − 55 is −7 on every screen.
    const stored = { ctl: 48.4 + (90 - 48.4) / 42, atl: 55.4 + (90 - 55.4) / 7, tsb: 48.4 - 55.4 };
    const recent = summariseTraining(rides, now, { fitness: stored, ftp: { watts: 262, source: 'estimate' } });
    const facts = profileFacts(rides, recent, 72, [], 'metric', '2026-03-14');
    expect(facts.recent).toMatchObject({ fitness: { ctl: 48, atl: 55, tsb: -7 }, fitnessOn: '2026-03-14' });
    const profile = writeBuiltinProfile(facts);
    expect(profile.athleteIdentity).toContain('On the morning of Sat, Mar 14: fitness (CTL) 48, fatigue (ATL) 55, form −7 (form = fitness − fatigue).');
    expect(profile.goals.find((goal) => goal.goal.startsWith('Lift your FTP'))?.why).toMatch(/^Your FTP is 262 W \(3\.64 W\/kg\)/);
    expect(profile.performanceStrengths).toContain('FTP 262 W (estimated from your best efforts), 3.64 W/kg.');
    expect(ungroundedProfileNumbers(profile, facts)).toEqual([]);
    // 262 W at 81.875 kg is 3.2 W/kg, shown to the hundredth: '3.20' is the facts' 3.2, grounded.
    const even = profileFacts(rides, recent, 81.875, [], 'metric', '2026-03-14');
    expect(writeBuiltinProfile(even).performanceStrengths).toContain('3.20 W/kg');
    expect(ungroundedProfileNumbers(writeBuiltinProfile(even), even)).toEqual([]);
    expect(ungroundedProfileNumbers({ ...profile, signatureEdge: 'An FTP of 3.30 W/kg.' }, facts)).toEqual(['3.30']);
    // Without a weight there is no ratio, and the profile says what is missing.
    const unweighed = writeBuiltinProfile(factsOf(rides, null));
    expect(JSON.stringify(unweighed)).not.toContain('W/kg');
  });

  it('gives cyclists ride goals and runners run goals', () => {
    const rideGoals = writeBuiltinProfile(factsOf(rides)).goals;
    expect(rideGoals.some((goal) => goal.kind === 'running')).toBe(false);
    expect(rideGoals.some((goal) => goal.goal.startsWith('Lift your FTP above 262 W'))).toBe(true);
    const runGoals = writeBuiltinProfile(factsOf(runs, null)).goals;
    expect(runGoals.some((goal) => goal.kind === 'cycling')).toBe(false);
    expect(runGoals.map((goal) => goal.goal)).toContain('Run 10 km faster than 52:00');
  });

  it('says honestly that there is nothing to read without activities, quoting no numbers but the window size', () => {
    const facts = factsOf([]);
    const profile = writeBuiltinProfile(facts);
    for (const section of SECTIONS) {
      expect(profile[section]).toContain('no activities of yours');
      expect(numbersIn(profile[section]).every((token) => token === '30')).toBe(true);
    }
    expect(profile.goals.length).toBeGreaterThanOrEqual(2);
    expect(profile.goals.flatMap((goal) => numbersIn(goal.why))).toEqual([]);
    expectGrounded(profile, facts);
  });

  it('refuses an answer with an invented number', () => {
    const facts = factsOf(rides);
    const profile = writeBuiltinProfile(facts);
    expect(ungroundedProfileNumbers({ ...profile, signatureEdge: 'You hold 987 W for an hour.' }, facts)).toEqual(['987']);
  });
});

describe('the built-in event recommendations', () => {
  const catalogueNames = new Set(EVENT_CATALOGUE.map((format) => format.name));

  it.each([
    ['rides only', rides, ['cycling']],
    ['runs only', runs, ['running']],
    ['rides and runs', mixed, ['cycling', 'running']],
    ['no activities', [], ['cycling', 'running']],
  ] as const)('recommends 2 to 4 catalogue formats that fit (%s), without links, on a future Sunday', (_name, log, kinds) => {
    const facts = factsOf([...log]);
    const events = recommendCatalogueEvents(facts, now);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.length).toBeLessThanOrEqual(4);
    expect([...new Set(events.map((event) => event.kind))].sort()).toEqual([...kinds]);
    const parsed = parseEventCards(writeEventCards(events));
    expect(parsed).toHaveLength(events.length);
    const known = new Set(numbersIn(JSON.stringify(facts)));
    for (const event of parsed) {
      expect(catalogueNames.has(event.name)).toBe(true);
      expect(event.link).toBeNull();
      expect(event.location).toBe('an edition near you');
      expect(new Date(`${event.date}T00:00:00Z`).getUTCDay()).toBe(0);
      expect(Date.parse(event.date)).toBeGreaterThan(now.getTime());
      const own = new Set(numbersIn(event.distanceElevation));
      expect(numbersIn(event.why).filter((token) => !known.has(token) && !own.has(token))).toEqual([]);
    }
  });

  it('proposes the first Sunday at least the given weeks ahead', () => {
    expect(targetSunday(new Date('2026-03-10T12:00:00Z'), 8)).toBe('2026-05-10');
    expect(targetSunday(new Date('2026-03-08T23:00:00Z'), 1)).toBe('2026-03-15');
  });
});

describe('the LLM profile writer under the strict Strava policy', () => {
  it('never sends facts read from Strava activities to the model, and writes the built-in profile', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error('the model must not be asked');
      },
    });
    const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
    const stravaRides = rides.map((activity) => ({ ...activity, source: 'strava' as const }));
    const facts = factsOf(stravaRides);
    const strict = createLlmProfileWriter({ ai: createStructuredModel({ model, timeoutMs: 1000, log }), policy: 'strict' });
    expect(await strict.write(facts)).toEqual({ profile: writeBuiltinProfile(facts), author: 'builtin' });
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it("counts what the own files' facts derive from: thresholds read from Strava rides, fitness and FTP read beyond the window", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error('the model must not be asked');
      },
    });
    const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
    const strict = createLlmProfileWriter({ ai: createStructuredModel({ model, timeoutMs: 1000, log }), policy: 'strict' });
    const recent = summariseTraining(rides, now, { fitness: null, ftp: null });
    expect(profileFacts(rides, recent, 72, [], 'metric').sources).toEqual(['file']);

    const scoredFromStrava = rides.map((activity, index) => (index === 0 ? { ...activity, thresholdSources: ['strava' as const] } : activity));
    expect(profileFacts(scoredFromStrava, recent, 72, [], 'metric').sources).toEqual(['file', 'strava']);
    const fitnessFromStrava = profileFacts(rides, recent, 72, ['archive', 'strava'], 'metric');
    expect(fitnessFromStrava.sources).toEqual(['archive', 'file', 'strava']);
    for (const facts of [profileFacts(scoredFromStrava, recent, 72, [], 'metric'), fitnessFromStrava]) {
      expect(await strict.write(facts)).toEqual({ profile: writeBuiltinProfile(facts), author: 'builtin' });
    }
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});

describe('durations in the profile read as everywhere else (shared/format.ts)', () => {
  it('writes the longest session in words and efforts as a stopwatch', () => {
    const facts = factsOf([ride(3, 245, 210), run(2, 65)]);
    expect(facts.longestSession?.duration).toBe('4 h 5 min');
    expect(facts.run?.bests.find((best) => best.label === '10 km')?.time).toBe('52:00');
  });
});

describe('the profile in the athlete\'s units', () => {
  /** A distance, climb or pace figure in metric units: '312.4 km', '1,352 m', '5:01 /km'. */
  const METRIC_FIGURE = /\d\s?(km|m)\b|\/km\b/;
  const everything = (facts: ProfileFacts) => {
    const profile = writeBuiltinProfile(facts);
    return JSON.stringify({ profile, events: recommendCatalogueEvents(facts, now) });
  };

  it('an imperial athlete reads miles, feet and paces per mile, and no km or m figure, in every section, card and event', () => {
    const facts = factsOf(mixed, 72, 'imperial');
    const text = everything(facts);
    expect(facts.run!.bests.map((best) => [best.label, best.distance, best.pace])).toEqual([
      ['1K', '0.6 mi', '7:31 /mi'],
      ['5K', '3.1 mi', '8:04 /mi'],
      ['10K', '6.2 mi', '8:22 /mi'],
    ]);
    expect(text).toMatch(/\d mi\b/);
    expect(text).toMatch(/\d ft of climbing/);
    expect(text).toContain('5K in 25:05 (8:04 /mi)');
    expect(text).not.toMatch(METRIC_FIGURE);
    const profile = writeBuiltinProfile(facts);
    expectGrounded(profile, facts);
    for (const log of [rides, runs]) expect(everything(factsOf(log, 72, 'imperial'))).not.toMatch(METRIC_FIGURE);
  });

  it('a metric athlete reads kilometres and metres', () => {
    const text = everything(factsOf(mixed));
    expect(text).toMatch(/\d km\b/);
    expect(text).toContain('5 km in 25:05 (5:01 /km)');
    expect(text).not.toMatch(/\d mi\b|\d ft\b|\/mi\b/);
  });
});
