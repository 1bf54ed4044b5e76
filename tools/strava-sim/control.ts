import type { ClientStatusChanges, RegisterClientInput, SimClient } from './clients.ts';
import { physiologyFor } from './demo/athlete-model.ts';
import type { LatencyFault, StatusFault } from './faults.ts';
import type { RateLimitSettings, RateLimitUsage } from './rate-limit.ts';
import type { LoggedRequest } from './request-log.ts';
import type { ActivityChanges, NextAuthorization, StravaSimulator } from './simulator.ts';
import type { AddActivityInput, CreateAthleteInput, SimAthlete, StatedSettings } from './store.ts';
import type { Subscription, WebhookDelivery } from './webhooks.ts';

type Json = Record<string, unknown>;

/** A simulated athlete at a glance: who they are and what the generator made of them. */
export interface AthleteInfo {
  id: number;
  seed: number;
  firstname: string;
  lastname: string;
  sex: 'M' | 'F';
  city: string;
  country: string;
  weightKg: number;
  /** FTP today, after the training in the history. */
  ftpW: number;
  /** FTP when the history starts. */
  startFtpW: number;
  thresholdSpeedMps: number;
  maxHeartrateBpm: number;
  restingHeartrateBpm: number;
  /** Activities generated or added, including any later today. */
  activityCount: number;
}

/**
 * Everything a test, a benchmark or the demo needs to steer the simulator. The standalone server
 * exposes the same operations over HTTP under /_sim (see control-routes.ts).
 */
export interface StravaSimControl {
  /** The simulator's current time, ms since the epoch. */
  now(): number;
  registerClient(input?: RegisterClientInput): SimClient;
  clients(): SimClient[];
  /**
   * Strava's 2026 tiers: `inactive` makes every call of the application answer 403 (a Standard app
   * whose owner holds no subscription); `athleteLimit` refuses the code exchange of any athlete
   * beyond that many (Standard: 10; null = no limit). Athletes already authorised keep working.
   */
  setClientStatus(clientId: string, changes: ClientStatusChanges): SimClient;
  /** A demo athlete with generated history (or none: `history: 'empty'`). */
  createAthlete(input?: CreateAthleteInput): AthleteInfo;
  athlete(athleteId: number): AthleteInfo | undefined;
  athletes(): AthleteInfo[];
  /**
   * What the athlete typed as weight and FTP in Strava's settings, answered as is by GET /athlete
   * (0 or null is how Strava answers an unset one); a key left out keeps the generated value.
   */
  setAthleteSettings(athleteId: number, settings: StatedSettings): void;
  /** The athlete's activities as SummaryActivity JSON, newest first, private ones included. */
  activities(athleteId: number): Json[];
  /** One activity as DetailedActivity JSON. */
  activity(activityId: number): Json;
  /** Adds an activity (just finished, unless `startS` says otherwise) and announces it to webhooks. */
  addActivity(athleteId: number, input?: AddActivityInput): Json;
  /** Changes an activity; a new name, sport type or privacy is announced to webhooks. */
  updateActivity(activityId: number, changes: ActivityChanges): Json;
  deleteActivity(activityId: number): void;
  /** The athlete revokes one application (or all): tokens die, webhooks hear authorized "false". */
  deauthorizeAthlete(athleteId: number, clientId?: string): number;
  /** Decides the next /oauth/authorize: who signs in, what they tick, or that they cancel. */
  nextAuthorization(next: NextAuthorization | null): void;
  expireAccessToken(accessToken: string): boolean;
  expireAthleteTokens(athleteId: number): number;
  revokeRefreshToken(refreshToken: string): boolean;
  faults: {
    /** The next `count` (default 1) matching requests fail with `status`. */
    failNext(fault: StatusFault): void;
    /** Matching requests answer `delayMs` late (the next `count`, or all until cleared). */
    delay(fault: LatencyFault): void;
    clear(): void;
  };
  requests: {
    list(filter?: Partial<Pick<LoggedRequest, 'method' | 'route' | 'path' | 'clientId' | 'athleteId' | 'status'>>): LoggedRequest[];
    /** Requests per "METHOD /route pattern" since the last reset. */
    counts(): Record<string, number>;
    reset(): void;
  };
  rateLimits: {
    configure(settings: Partial<RateLimitSettings>): RateLimitSettings;
    current(): RateLimitSettings;
    usage(clientId: string): RateLimitUsage;
    setUsage(clientId: string, usage: Partial<RateLimitUsage>): RateLimitUsage;
    /** Starts fresh windows for every application. */
    reset(): void;
  };
  webhooks: {
    subscriptions(): Subscription[];
    deliveries(): WebhookDelivery[];
    /** Resolves when every queued event has been delivered or given up on. */
    settled(): Promise<void>;
  };
}

function athleteInfo(athlete: SimAthlete): AthleteInfo {
  const { profile } = athlete;
  const today = physiologyFor(profile, athlete.fitness);
  return {
    id: athlete.id,
    seed: profile.seed,
    firstname: profile.firstname,
    lastname: profile.lastname,
    sex: profile.sex,
    city: profile.place.city,
    country: profile.place.country,
    weightKg: profile.weightKg,
    ftpW: Math.round(today.ftpW),
    startFtpW: profile.startFtpW,
    thresholdSpeedMps: Math.round(today.thresholdSpeedMps * 1000) / 1000,
    maxHeartrateBpm: profile.maxHeartrateBpm,
    restingHeartrateBpm: profile.restingHeartrateBpm,
    activityCount: athlete.activities.length,
  };
}

export function createControl(sim: StravaSimulator): StravaSimControl {
  return {
    now: () => sim.now(),
    registerClient: (input) => sim.clients.register(input),
    clients: () => sim.clients.list(),
    setClientStatus: (clientId, changes) => sim.clients.update(clientId, changes),
    createAthlete: (input) => athleteInfo(sim.athletes.create(input)),
    athlete: (athleteId) => {
      const athlete = sim.athletes.get(athleteId);
      return athlete ? athleteInfo(athlete) : undefined;
    },
    athletes: () => sim.athletes.list().map(athleteInfo),
    setAthleteSettings: (athleteId, settings) => {
      const athlete = sim.requireAthlete(athleteId);
      athlete.statedSettings = { ...athlete.statedSettings, ...settings };
    },
    activities: (athleteId) =>
      sim.athletes
        .finishedActivities(sim.requireAthlete(athleteId), true)
        .reverse()
        .map((record) => sim.summaryJson(record)),
    activity: (activityId) => sim.detailedJson(sim.requireActivity(activityId)),
    addActivity: (athleteId, input) => sim.summaryJson(sim.addActivity(athleteId, input)),
    updateActivity: (activityId, changes) => sim.summaryJson(sim.updateActivity(sim.requireActivity(activityId), changes)),
    deleteActivity: (activityId) => sim.deleteActivity(sim.requireActivity(activityId)),
    deauthorizeAthlete: (athleteId, clientId) => {
      const clientIds = clientId === undefined ? sim.tokens.grantsOf(athleteId).map((grant) => grant.clientId) : [clientId];
      return clientIds.filter((id) => sim.deauthorize(id, athleteId)).length;
    },
    nextAuthorization: (next) => {
      sim.nextAuthorization = next;
    },
    expireAccessToken: (accessToken) => sim.tokens.expireAccessToken(accessToken),
    expireAthleteTokens: (athleteId) => sim.tokens.expireAthleteTokens(athleteId),
    revokeRefreshToken: (refreshToken) => sim.tokens.revokeRefreshToken(refreshToken),
    faults: {
      failNext: (fault) => sim.faults.failNext(fault),
      delay: (fault) => sim.faults.delay(fault),
      clear: () => sim.faults.clear(),
    },
    requests: {
      list: (filter) => sim.requests.list(filter),
      counts: () => sim.requests.counts(),
      reset: () => sim.requests.reset(),
    },
    rateLimits: {
      configure: (settings) => sim.rateLimiter.configure(settings),
      current: () => sim.rateLimiter.current(),
      usage: (clientId) => sim.rateLimiter.usage(clientId),
      setUsage: (clientId, usage) => sim.rateLimiter.setUsage(clientId, usage),
      reset: () => sim.rateLimiter.reset(),
    },
    webhooks: {
      subscriptions: () => sim.webhooks.subscriptions(),
      deliveries: () => sim.webhooks.deliveries(),
      settled: () => sim.webhooks.settled(),
    },
  };
}
