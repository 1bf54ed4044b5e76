import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { pino } from 'pino';
import { scorePacked } from '../src/server/features/imports/index.ts';
import { DEFAULT_POOL_SIZE, type Database, type DatabaseHandle } from '../src/server/db/client.ts';
import * as schema from '../src/server/db/schema.ts';
import { createInvalidationChannel } from '../src/server/db/invalidation.ts';
import { createEventBus } from '../src/server/events/bus.ts';
import { createActivities } from '../src/server/features/activities/index.ts';
import type { AskEngine, AskOutcome, ConversationSubject } from '../src/server/features/ask-kai/engine.ts';
import { createAskEngine, understand } from '../src/server/features/ask-kai/answer/index.ts';
import { factBundle } from '../src/server/features/ask-kai/answer/model.ts';
import type { QuestionKind } from '../src/server/features/ask-kai/answer/question.ts';
import { createDayPlan, createPlans } from '../src/server/features/plans/index.ts';
import { createActivityScores, createScoringService } from '../src/server/features/scoring/index.ts';
import { createScoringThresholds, createSettings } from '../src/server/features/settings/index.ts';
import { createStravaRepo } from '../src/server/features/strava/repo.ts';
import { createWellnessRepo, createWellnessService } from '../src/server/features/wellness/index.ts';
import { addCalendarDays, DAY_MS } from '../src/shared/time.ts';
import { createTestDatabase } from '../test/support/databases.ts';
import { startKairoProcess } from '../test/support/kairo-process.ts';
import { waitFor } from '../test/support/strava.ts';
import { generateRecording, type Block, type GeneratedRecording, type PointOptions, type Terrain } from '../tools/recordings/index.ts';
import { seededRandom } from './measure.ts';
import { signUpCookie } from './production-kairo.ts';

/**
 * Issue 28: Ask Kai's built-in answers over a year of an athlete's training, and the size of what a
 * model would read. One Kairo process as in production (PostgreSQL) takes in the year through its
 * own paths: ~6 activity files a week uploaded (rides with power and heart rate, runs, hikes, gym
 * sessions; scored and the fitness series stored by its jobs), a year of wellness as a CSV, and a
 * training plan under way. Then the process stops, and this one builds the answerer with the
 * services it reads (scoring, settings, the day plan, plans, wellness) on the same database and
 * times `engine.answer` over a question set of every kind. The bundle a model would be given for
 * each answer (factBundle, relaxed policy so every fact counts) is measured in tokens of the o200k
 * encoding, the one current OpenAI models read.
 */

/** The athlete's today: the year ends the day before. Fixed, so every run answers the same questions over the same days. */
export const ASK_KAI_TODAY = '2026-11-22';
const YEAR_DAYS = 364;
/** Uploads at a time: the server scores them in its worker pool meanwhile. */
const PARALLEL_UPLOADS = 4;
/** Rounds over the whole question set after one untimed round (the code compiled, the connections open). */
const ROUNDS = 5;
const SEED_TIMEOUT_MS = 600_000;

export interface AskKaiTiming {
  answers: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface AskKaiRun {
  today: string;
  activities: number;
  /** Activities a week over the year (uploaded / 52). */
  activitiesPerWeek: number;
  wellnessDays: number;
  /** Wall time of the seeding through the server (generating, uploading, scoring, the plan). */
  seedS: number;
  questions: number;
  rounds: number;
  /** The 1-minute load average when the timed rounds started and ended (the machine is shared). */
  loadAverage: { start: number; end: number };
  /** Every timed answer of the set. */
  answer: AskKaiTiming;
  /** The same by the kind each question was written as ('unknown': one Kai should not answer). */
  byKind: Record<string, AskKaiTiming>;
  /** The questions with the slowest median answer, with the statements one answer ran. */
  slowest: { text: string; kind: string; p50Ms: number; statements: number }[];
  /** A round with every statement recorded: statements per answer by kind, and those that took most of the time. */
  statements: { perAnswerByKind: Record<string, number>; top: { statement: string; calls: number; totalMs: number; meanMs: number }[] };
  /** Tokens of JSON.stringify(factBundle(…)) of each answer with facts (a model is asked only then). */
  bundleTokens: { bundles: number; medianTokens: number; maxTokens: number; largest: string };
  /** Questions read as another kind than they were written as, with what each was read as. */
  misread: { text: string; written: string; read: string }[];
  /** Questions written to be answered that got the "I can't answer that yet" reply, and unknown ones that got an answer. */
  unanswered: string[];
  answeredUnknown: string[];
}

// ---------------------------------------------------------------------------------------------
// The question set: every kind Ask Kai answers, phrased as athletes ask, and two it cannot.

type WrittenKind = QuestionKind | 'unknown';

interface BenchQuestion {
  text: string;
  kind: WrittenKind;
  /** Asked about the latest ride or run ("Ask about this activity"). */
  about?: 'ride' | 'run';
  /** A follow-up: asked with the subject the question at this index left. */
  after?: number;
}

const QUESTIONS: readonly BenchQuestion[] = [
  { text: 'How is my fitness?', kind: 'fitness' },
  { text: "What's my form today?", kind: 'fitness' },
  { text: 'Am I getting fitter over the last 3 months?', kind: 'fitness' },
  { text: 'How tired am I after this week?', kind: 'fitness' },
  { text: "What's my best 5 minute power in the last 90 days?", kind: 'best-power' },
  { text: 'Best 20 min power this year', kind: 'best-power' },
  { text: 'What is my peak 5 s power since March?', kind: 'best-power' },
  { text: 'What was my best one-minute power in October?', kind: 'best-power' },
  { text: 'How has my best 300 s power changed between September and October?', kind: 'best-power' },
  { text: 'Highest 1 hour watts of all time?', kind: 'best-power' },
  { text: 'and over the last 30 days?', kind: 'best-power', after: 4 },
  { text: 'What is my FTP?', kind: 'thresholds' },
  { text: 'Is my threshold going up?', kind: 'thresholds' },
  { text: "What's my critical power and W' over the last 6 weeks?", kind: 'thresholds' },
  { text: 'How many hours did I ride per week over the last 8 weeks?', kind: 'volume' },
  { text: 'How far did I run each month this year?', kind: 'volume' },
  { text: 'How much did I train last week?', kind: 'volume' },
  { text: 'How much climbing did I do last month?', kind: 'volume' },
  { text: 'what about running?', kind: 'volume', after: 14 },
  { text: 'Compare this month with last month', kind: 'compare' },
  { text: 'How does October compare with September for riding?', kind: 'compare' },
  { text: 'The last 4 weeks versus the 4 weeks before that', kind: 'compare' },
  { text: 'What was my longest ride this year?', kind: 'extremes' },
  { text: 'Hardest session in the last 30 days?', kind: 'extremes' },
  { text: 'My longest run since March', kind: 'extremes' },
  { text: 'Time in power zones over the last 4 weeks', kind: 'zones' },
  { text: 'How much time did I spend in each heart rate zone this month?', kind: 'zones' },
  { text: 'Is my training polarized?', kind: 'zones' },
  { text: 'How is my aerobic decoupling trending?', kind: 'aerobic' },
  { text: 'Efficiency factor over the last 3 months', kind: 'aerobic' },
  { text: 'Cardiac drift on my rides this year', kind: 'aerobic' },
  { text: "What's my next key session?", kind: 'plan' },
  { text: 'What should I do tomorrow?', kind: 'plan' },
  { text: 'Am I on track with my plan?', kind: 'plan' },
  { text: 'Am I ready for a 4 hour ride on Saturday?', kind: 'ready' },
  { text: 'Can I do a hard interval session tomorrow?', kind: 'ready' },
  { text: 'Am I ready for a 100 km ride?', kind: 'ready' },
  { text: 'Ready to run a half marathon?', kind: 'ready' },
  { text: 'What did this ride mean for my fitness?', kind: 'activity', about: 'ride' },
  { text: 'How did it go?', kind: 'activity', about: 'run' },
  { text: 'Who won the Tour de France?', kind: 'unknown' },
  { text: 'Write me a poem about cats', kind: 'unknown' },
];

// ---------------------------------------------------------------------------------------------
// The year: ~6 sessions a week, the rider stronger towards the end with a lighter block mid-year.

interface PlannedFile {
  fileName: string;
  make: () => GeneratedRecording;
}

const ROLLING: Terrain = { baseM: 280, hills: [{ amplitudeM: 30, wavelengthM: 6_500 }, { amplitudeM: 9, wavelengthM: 1_700, phase: 1 }] };
const HILLY: Terrain = { baseM: 650, hills: [{ amplitudeM: 150, wavelengthM: 5_200 }] };

/** 0.84 of today's form a year ago, rising to 1, with a lighter block four to six months back. */
function formOf(daysAgo: number): number {
  const trend = 1 - 0.16 * (daysAgo / YEAR_DAYS);
  return daysAgo >= 120 && daysAgo < 170 ? trend * 0.93 : trend;
}

const w = (watts: number, form: number) => Math.round(watts * form);

/** Trainer intervals by week: VO2max, threshold, 2 × 20 min or over-unders. */
function intervalBlocks(week: number, form: number): Block[] {
  const blocks: Block[] = [{ durationS: 720, powerW: w(165, form), heartRateBpm: 120, cadence: 88 }];
  const [reps, workS, workW, restS, hr] = (
    [
      [5, 240, 335, 180, 169],
      [3, 480, 305, 240, 163],
      [2, 1_200, 272, 300, 158],
      [4, 360, 290, 180, 161],
    ] as const
  )[week % 4]!;
  for (let rep = 0; rep < reps; rep++) {
    blocks.push({ durationS: workS, powerW: w(workW, form), heartRateBpm: hr, cadence: 94, lap: true });
    blocks.push({ durationS: restS, powerW: w(135, form), heartRateBpm: 126, cadence: 85, lap: true });
  }
  blocks.push({ durationS: 540, powerW: w(130, form), heartRateBpm: 116, cadence: 82, lap: true });
  return blocks;
}

function tempoBlocks(form: number): Block[] {
  return [
    { durationS: 900, powerW: w(175, form), heartRateBpm: 126, cadence: 88 },
    { durationS: 1_800, powerW: w(238, form), heartRateBpm: 151, cadence: 90, lap: true },
    { durationS: 60, powerW: w(490, form), heartRateBpm: 166, cadence: 104, lap: true },
    { durationS: 1_500, powerW: w(168, form), heartRateBpm: 131, cadence: 86, lap: true },
  ];
}

/** The long ride: 2 to 4 hours at endurance power, heart rate drifting in the second half. */
function longBlocks(hours: number, form: number, drift: number): Block[] {
  const halfS = Math.round((hours * 3_600) / 2);
  return [
    { durationS: halfS, powerW: w(188, form), heartRateBpm: 134, cadence: 86 },
    { durationS: 15, powerW: w(780, form), heartRateBpm: 158, cadence: 112, lap: true },
    { durationS: halfS, powerW: w(180, form), heartRateBpm: 134 + drift, cadence: 84, lap: true },
  ];
}

const RIDE_POINTS: Omit<PointOptions, 'seed'> = { power: true, heartRate: true, cadence: true };
const OUTDOOR_POINTS: Omit<PointOptions, 'seed'> = { position: true, distance: true, speed: true, altitude: 'barometric', interval: [1, 4] };

/** The year's files, oldest first, ending the day before ASK_KAI_TODAY. */
export function askKaiYear(today = ASK_KAI_TODAY): PlannedFile[] {
  const next = seededRandom(28);
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const files: PlannedFile[] = [];
  for (let daysAgo = YEAR_DAYS; daysAgo >= 1; daysAgo--) {
    const dayMs = todayMs - daysAgo * DAY_MS;
    const day = new Date(dayMs).toISOString().slice(0, 10);
    const weekday = new Date(dayMs).getUTCDay();
    const week = Math.floor(daysAgo / 7);
    const form = formOf(daysAgo);
    const roll = next();
    const add = (kind: string, hourUtc: number, make: (start: Date, seed: number) => GeneratedRecording) => {
      const start = new Date(dayMs + hourUtc * 3_600_000);
      const seed = 28_000 + daysAgo * 10 + files.length % 10;
      files.push({ fileName: `${day}-${kind}.fit`, make: () => make(start, seed) });
    };
    const run = (minutes: number, speedMps: number, heartRateBpm: number) => (start: Date, seed: number) =>
      generateRecording({
        name: 'run',
        spec: { kind: 'run', start, seed, blocks: [{ durationS: minutes * 60, speedMps, heartRateBpm, cadence: 86 }], terrain: ROLLING, origin: [46.04, 14.49] },
        format: 'fit',
        points: { position: true, distance: true, speed: true, heartRate: true, cadence: true, altitude: 'barometric', interval: [1, 5] },
      });

    if (weekday === 1 && roll < 0.3) add('easy-run', 6, run(30, 2.8 + 0.3 * form, 138));
    if (weekday === 2) {
      add('intervals', 17, (start, seed) =>
        generateRecording({
          name: 'intervals',
          spec: { kind: 'ride', start, seed, blocks: intervalBlocks(week, form) },
          format: 'fit',
          fitSport: ['cycling', 'indoorCycling'],
          points: { ...RIDE_POINTS, interval: [1, 2] },
        }),
      );
    }
    if (weekday === 3 && roll < 0.85) add('run', 6, run(45, 2.9 + 0.4 * form, 147));
    if (weekday === 3 && week % 2 === 0) {
      add('gym', 18, (start, seed) =>
        generateRecording({
          name: 'gym',
          spec: { kind: 'generic', start, seed, blocks: [{ durationS: 2_700, speedMps: 0, powerW: 0, heartRateBpm: 112, cadence: 0 }] },
          format: 'fit',
          sport: 'Workout',
          points: { heartRate: true, interval: 10 },
        }),
      );
    }
    if (weekday === 4 && roll < 0.8) {
      add('tempo', 16, (start, seed) =>
        generateRecording({
          name: 'tempo',
          spec: { kind: 'ride', start, seed, blocks: tempoBlocks(form), terrain: ROLLING, origin: [46.05, 14.5] },
          format: 'fit',
          points: { ...RIDE_POINTS, ...OUTDOOR_POINTS },
        }),
      );
    }
    if (weekday === 5 && roll < 0.4) {
      add('spin', 17, (start, seed) =>
        generateRecording({
          name: 'spin',
          spec: { kind: 'ride', start, seed, blocks: [{ durationS: 2_700, powerW: w(150, form), heartRateBpm: 118, cadence: 90 }] },
          format: 'fit',
          fitSport: ['cycling', 'indoorCycling'],
          points: { ...RIDE_POINTS, interval: [1, 2] },
        }),
      );
    }
    if (weekday === 6) {
      const hours = 2 + Math.floor(roll * 5) * 0.5;
      add('long-ride', 8, (start, seed) =>
        generateRecording({
          name: 'long-ride',
          spec: { kind: 'ride', start, seed, blocks: longBlocks(hours, form, 2 + Math.round(roll * 8)), terrain: daysAgo % 28 < 7 ? HILLY : ROLLING, origin: [46.1, 14.4] },
          format: 'fit',
          points: { ...RIDE_POINTS, ...OUTDOOR_POINTS },
        }),
      );
    }
    if (weekday === 0) {
      if (new Date(dayMs).getUTCDate() <= 7) {
        add('hike', 9, (start, seed) =>
          generateRecording({
            name: 'hike',
            spec: { kind: 'hike', start, seed, blocks: [{ durationS: 9_000, speedMps: 1.3, heartRateBpm: 110 }], terrain: HILLY, origin: [46.3, 13.8] },
            format: 'fit',
            points: { position: true, distance: true, heartRate: true, altitude: 'barometric', interval: [5, 15] },
          }),
        );
      } else add('long-run', 7, run(60 + Math.floor(roll * 4) * 10, 2.9 + 0.35 * form, 150));
    }
  }
  return files;
}

/** A year of mornings (HRV, resting HR, some check-ins) as a wellness CSV, gaps included. */
export function askKaiWellnessCsv(today = ASK_KAI_TODAY): { csv: string; days: number } {
  const next = seededRandom(2_828);
  const lines = ['date,hrv_rmssd_ms,resting_hr_bpm,sleep_hours,fatigue,soreness'];
  for (let daysAgo = YEAR_DAYS + 60; daysAgo >= 0; daysAgo--) {
    if (next() < 0.08) continue;
    const checkedIn = next() < 0.5;
    const hrv = Math.round(Math.exp(4.15 + (next() - 0.5) * 0.45));
    const restingHr = 45 + Math.round(next() * 8);
    const extra = checkedIn ? [(5.5 + next() * 3).toFixed(1), 1 + Math.floor(next() * 5), 1 + Math.floor(next() * 5)] : ['', '', ''];
    lines.push([addCalendarDays(today, -daysAgo), hrv, restingHr, ...extra].join(','));
  }
  return { csv: `${lines.join('\n')}\n`, days: lines.length - 1 };
}

// ---------------------------------------------------------------------------------------------
// Seeding through a Kairo process.

interface Seeded {
  accountId: string;
  activities: number;
  wellnessDays: number;
  latest: Record<'ride' | 'run', string>;
}

async function post(origin: string, cookie: string, path: string, body: BodyInit, contentType?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(`${origin}${path}`, { method: 'POST', headers: { cookie, origin, ...(contentType ? { 'content-type': contentType } : {}) }, body });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

/** Resolves once the server has no job queued, waiting or running (the year's metrics, its fitness series). */
async function queueIdle(handle: DatabaseHandle): Promise<void> {
  await waitFor(
    async () => (await handle.query<{ n: number }>(`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`))[0]?.n ?? 0,
    (pending) => pending === 0,
    SEED_TIMEOUT_MS,
  );
}

async function seedYear(handle: DatabaseHandle, origin: string): Promise<Seeded> {
  const email = 'ask-kai@example.test';
  const cookie = await signUpCookie(origin, { email, firstName: 'Ask', lastName: 'Kai' });
  const planned = askKaiYear();
  let nextFile = 0;
  const uploader = async () => {
    for (let index = nextFile++; index < planned.length; index = nextFile++) {
      const file = planned[index]!;
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file.make().bytes)]), file.fileName);
      const answer = await post(origin, cookie, '/api/imports', form);
      if (answer.status !== 201) throw new Error(`upload of ${file.fileName} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, uploader));
  const wellness = askKaiWellnessCsv();
  const imported = await post(origin, cookie, '/api/wellness/import', wellness.csv, 'text/csv');
  if (imported.status !== 200) throw new Error(`the wellness import answered ${imported.status}: ${JSON.stringify(imported.body)}`);
  await queueIdle(handle);

  // A 12-week plan three weeks under way on ASK_KAI_TODAY: the API generates plans today, so its generation day is moved back.
  const plan = await post(
    origin,
    cookie,
    '/api/training-plans',
    JSON.stringify({ preparationType: 'general-fitness', planName: 'Winter base', selectedActivities: JSON.stringify(['Cycling', 'Running']), planDuration: '12 weeks', weeklyTrainingTime: '8 hours' }),
    'application/json',
  );
  if (plan.status !== 201) throw new Error(`creating the plan answered ${plan.status}: ${JSON.stringify(plan.body)}`);
  await handle.query('update training_plans set generated_at = $1 where id = $2', [`${addCalendarDays(ASK_KAI_TODAY, -21)}T07:00:00Z`, plan.body.id]);
  await queueIdle(handle);

  const [account] = await handle.query<{ id: string }>('select id from accounts where email = $1', [email]);
  const accountId = account!.id;
  const [counts] = await handle.query<{ activities: number; scored: number; curves: number; fitness: number }>(
    `select (select count(*)::int from activities where user_id = $1) as activities,
            (select count(*)::int from activity_metrics where user_id = $1 and training_load is not null) as scored,
            (select count(*)::int from activity_metrics where user_id = $1 and cardinality(power_curve_w) > 0) as curves,
            (select count(*)::int from fitness_days where user_id = $1) as fitness`,
    [accountId],
  );
  if (!counts || counts.activities !== planned.length || counts.scored !== counts.activities || counts.curves === 0 || counts.fitness < YEAR_DAYS) {
    throw new Error(`the year was not stored as uploaded (${planned.length} files): ${JSON.stringify(counts)}`);
  }
  const latestOf = async (sportTypes: string[]) => {
    const [row] = await handle.query<{ id: string }>('select id from activities where user_id = $1 and sport_type = any($2) order by start_date desc limit 1', [accountId, sportTypes]);
    if (!row) throw new Error(`no ${sportTypes.join('/')} was stored`);
    return row.id;
  };
  return { accountId, activities: counts.activities, wellnessDays: wellness.days, latest: { ride: await latestOf(['Ride', 'VirtualRide']), run: await latestOf(['Run']) } };
}

// ---------------------------------------------------------------------------------------------
// The answerer, built as the server builds it, on the same database.

/**
 * The answerer with the services it reads, composed as src/server/kairo.ts composes them. Two
 * pieces the bench's athlete never reaches are wired to fail loudly rather than stand in: Strava's
 * athlete profile (the account has no Strava connection, so settings never ask) and Kai's latest
 * suggestion for the day plan (read only for a date no plan covers; the plan covers every day the
 * answers ask about). Nothing here sends a job.
 */
async function askEngineOn(handle: DatabaseHandle, database: Database): Promise<{ engine: AskEngine; close: () => Promise<void> }> {
  const log = pino({ level: 'warn' });
  const invalidation = await createInvalidationChannel(handle, () => log);
  const events = createEventBus({
    send: () => Promise.reject(new Error('the Ask Kai bench only reads: nothing it calls sends a job')),
  });
  const stravaRepo = createStravaRepo(database, { rowLocks: true });
  const strava = {
    connection: (accountId: string) => stravaRepo.find(accountId),
    athlete: () => Promise.reject(new Error("the bench's athlete has no Strava connection")),
  };
  const activities = createActivities({ database, scores: createActivityScores(database), events, invalidation });
  const scoring = createScoringService({
    database,
    activities,
    thresholds: createScoringThresholds({ database, strava }),
    dataPolicy: 'relaxed',
    invalidation,
    scoreActivity: async (input) => scorePacked(input),
  });
  const settings = createSettings({ database, scoring, strava, events });
  // The services' clock stands on the athlete's today, as a server's does on the day it answers.
  const now = () => new Date(`${ASK_KAI_TODAY}T12:00:00Z`);
  const wellness = createWellnessService({ repo: createWellnessRepo(database), activities, scoring, now });
  const dayPlan = createDayPlan({
    database,
    now,
    readinessOn: (accountId, date) => wellness.readinessOn(accountId, date),
    latestSuggestion: () => Promise.reject(new Error("the day plan asked for Kai's suggestion: the bench's plan no longer covers the days asked")),
    unitSystem: (accountId) => settings.unitSystem(accountId),
  });
  const plans = createPlans({
    database,
    activities,
    scoring,
    settings,
    hasTrainingData: async (accountId) => (await activities.count(accountId)) > 0,
    readinessHold: (accountId, plan) => dayPlan.readinessHold(accountId, plan),
  });
  const engine = createAskEngine({
    database,
    scoring,
    settings,
    dayPlan,
    plans,
    readinessOn: (accountId, date) => wellness.readinessOn(accountId, date),
    dataPolicy: 'relaxed',
  });
  return { engine, close: () => invalidation.close() };
}

/** What the answerer's statements cost while `recording`: each statement's text with its calls and time. */
interface StatementLog {
  recording: boolean;
  byText: Map<string, { calls: number; totalMs: number }>;
}

/**
 * The answerer's database as the server opens it (a pool of DEFAULT_POOL_SIZE, Drizzle over it),
 * every statement timed while the log records: where an answer's time goes.
 */
function recordedDatabase(url: string): { database: Database; log: StatementLog; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: DEFAULT_POOL_SIZE, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => undefined);
  const log: StatementLog = { recording: false, byText: new Map() };
  const query = pool.query.bind(pool) as (config: string | pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;
  const timed = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    if (!log.recording) return query(config, values);
    const startedAt = performance.now();
    try {
      return await query(config, values);
    } finally {
      const text = (typeof config === 'string' ? config : config.text).replace(/\s+/g, ' ').trim();
      const entry = log.byText.get(text) ?? { calls: 0, totalMs: 0 };
      entry.calls++;
      entry.totalMs += performance.now() - startedAt;
      log.byText.set(text, entry);
    }
  };
  pool.query = timed as unknown as typeof pool.query;
  return { database: drizzle({ client: pool, schema }) as unknown as Database, log, close: () => pool.end() };
}

// ---------------------------------------------------------------------------------------------
// Timing.

function percentile(sorted: readonly number[], p: number): number {
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(2));
}

function timing(times: readonly number[]): AskKaiTiming {
  const sorted = [...times].sort((a, b) => a - b);
  return { answers: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: Number(sorted.at(-1)!.toFixed(2)) };
}

const NOT_UNDERSTOOD = (outcome: AskOutcome) => outcome.suggestions !== undefined;

const totalCalls = (log: StatementLog) => [...log.byText.values()].reduce((sum, entry) => sum + entry.calls, 0);

async function timeQuestions(engine: AskEngine, seeded: Seeded, log: StatementLog) {
  const subjects = new Map<number, ConversationSubject | null>();
  const ask = (index: number) => {
    const question = QUESTIONS[index]!;
    return engine.answer({
      accountId: seeded.accountId,
      text: question.text,
      ...(question.about ? { activityId: seeded.latest[question.about] } : {}),
      today: ASK_KAI_TODAY,
      subject: question.after === undefined ? null : (subjects.get(question.after) ?? null),
    });
  };
  // The untimed round: the outcomes the sizes are read from, and the subjects follow-ups are asked with.
  const outcomes: AskOutcome[] = [];
  for (let index = 0; index < QUESTIONS.length; index++) {
    const outcome = await ask(index);
    subjects.set(index, outcome.subject);
    outcomes.push(outcome);
  }
  const times: number[][] = QUESTIONS.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let index = 0; index < QUESTIONS.length; index++) {
      const startedAt = performance.now();
      await ask(index);
      times[index]!.push(performance.now() - startedAt);
    }
  }
  // One more round, not timed, with every statement recorded.
  log.recording = true;
  const statements: number[] = [];
  for (let index = 0; index < QUESTIONS.length; index++) {
    const before = totalCalls(log);
    await ask(index);
    statements.push(totalCalls(log) - before);
  }
  log.recording = false;
  return { outcomes, times, statements };
}

/** The statements that took most of the recorded round's time, shortened. */
function topStatements(log: StatementLog): AskKaiRun['statements']['top'] {
  return [...log.byText.entries()]
    .map(([text, entry]) => ({ statement: text.length > 240 ? `${text.slice(0, 240)}…` : text, calls: entry.calls, totalMs: Number(entry.totalMs.toFixed(1)), meanMs: Number((entry.totalMs / entry.calls).toFixed(2)) }))
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, 8);
}

function bundleTokens(outcomes: readonly AskOutcome[]): AskKaiRun['bundleTokens'] {
  const sized = outcomes.flatMap((outcome, index) => {
    if (outcome.facts.length === 0) return [];
    const bundle = factBundle(QUESTIONS[index]!.text, outcome.facts, outcome.sources.map((source) => source.label), 'relaxed');
    return [{ text: QUESTIONS[index]!.text, tokens: countTokens(JSON.stringify(bundle)) }];
  });
  const sorted = [...sized].sort((a, b) => a.tokens - b.tokens);
  return {
    bundles: sorted.length,
    medianTokens: sorted[Math.floor(sorted.length / 2)]?.tokens ?? 0,
    maxTokens: sorted.at(-1)?.tokens ?? 0,
    largest: sorted.at(-1)?.text ?? '',
  };
}

/** The kind the answerer reads a question as (a follow-up: the kind of the question it follows). */
function readKind(index: number): string {
  const question = QUESTIONS[index]!;
  if (question.after !== undefined) return readKind(question.after);
  const understood = understand(question.text, { today: ASK_KAI_TODAY, activityId: question.about !== undefined, previous: null });
  return understood.ok ? understood.question.kind : 'unknown';
}

export async function benchAskKai(): Promise<AskKaiRun> {
  const database = await createTestDatabase('postgres');
  const dataDir = mkdtempSync(join(tmpdir(), 'kairo-bench-ask-kai-'));
  try {
    const seedStarted = performance.now();
    const kairo = await startKairoProcess({ dataDir, databaseUrl: database.url! });
    let seeded: Seeded;
    try {
      seeded = await seedYear(database.handle, kairo.url);
    } finally {
      await kairo.stop();
    }
    const seedS = Number(((performance.now() - seedStarted) / 1000).toFixed(1));
    await database.handle.query('vacuum analyze');

    const recorded = recordedDatabase(database.url!);
    const { engine, close } = await askEngineOn(database.handle, recorded.database);
    try {
      const loadStart = Number(loadavg()[0]!.toFixed(2));
      const { outcomes, times, statements } = await timeQuestions(engine, seeded, recorded.log);
      const loadAverage = { start: loadStart, end: Number(loadavg()[0]!.toFixed(2)) };
      const meanOf = (values: number[]) => Number((values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(1));
      const kinds = [...new Set(QUESTIONS.map((question) => question.kind))];
      const byKind = Object.fromEntries(
        kinds.map((kind) => [kind, timing(QUESTIONS.flatMap((question, index) => (question.kind === kind ? times[index]! : [])))]),
      );
      const medians = QUESTIONS.map((question, index) => ({ text: question.text, kind: question.kind, p50Ms: timing(times[index]!).p50Ms, statements: statements[index]! }));
      return {
        today: ASK_KAI_TODAY,
        activities: seeded.activities,
        activitiesPerWeek: Number((seeded.activities / (YEAR_DAYS / 7)).toFixed(1)),
        wellnessDays: seeded.wellnessDays,
        seedS,
        questions: QUESTIONS.length,
        rounds: ROUNDS,
        loadAverage,
        answer: timing(times.flat()),
        byKind,
        slowest: medians.sort((a, b) => b.p50Ms - a.p50Ms).slice(0, 5),
        statements: {
          perAnswerByKind: Object.fromEntries(kinds.map((kind) => [kind, meanOf(QUESTIONS.flatMap((question, index) => (question.kind === kind ? [statements[index]!] : [])))])),
          top: topStatements(recorded.log),
        },
        bundleTokens: bundleTokens(outcomes),
        misread: QUESTIONS.flatMap((question, index) => {
          const read = readKind(index);
          return read === question.kind ? [] : [{ text: question.text, written: question.kind, read }];
        }),
        unanswered: QUESTIONS.filter((question, index) => question.kind !== 'unknown' && NOT_UNDERSTOOD(outcomes[index]!)).map((question) => question.text),
        answeredUnknown: QUESTIONS.filter((question, index) => question.kind === 'unknown' && !NOT_UNDERSTOOD(outcomes[index]!)).map((question) => question.text),
      };
    } finally {
      await close();
      await recorded.close();
    }
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
