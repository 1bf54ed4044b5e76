import { ClientRegistry, type RegisterClientInput } from './clients.ts';
import { FaultInjector } from './faults.ts';
import { StravaRateLimiter, type RateLimitSettings } from './rate-limit.ts';
import { detailedActivityJson, summaryActivityJson } from './representation/activity-json.ts';
import { RequestLog } from './request-log.ts';
import { AthleteStore, SPORT_TYPES, type ActivityRecord, type AddActivityInput, type SimAthlete } from './store.ts';
import { TokenStore, type Scope } from './tokens.ts';
import { WebhookHub, type WebhookEvent, type WebhookFetch } from './webhooks.ts';

export interface SimulatorOptions {
  /** The simulator's clock in ms since the epoch; tokens, rate-limit windows, history use it. */
  now: () => number;
  /** Used to verify and call webhook callbacks. */
  fetch: WebhookFetch;
  clients: RegisterClientInput[];
  rateLimits: Partial<RateLimitSettings>;
  webhookAckTimeoutMs: number;
  webhookRetryDelayMs: number;
  /** Authorising without a known athlete creates a new demo athlete (demo mode). */
  autoCreateAthletes: boolean;
}

/** A one-shot override of who authorises next and how (for tests). */
export interface NextAuthorization {
  athleteId?: number;
  /** Scopes the athlete leaves ticked; all requested ones when omitted. */
  scopes?: Scope[];
  /** The athlete presses Cancel: the redirect carries error=access_denied. */
  deny?: boolean;
}

/** Changes to an activity; the ones Strava announces to webhooks are name, type and privacy. */
export interface ActivityChanges {
  name?: string;
  sportType?: string;
  description?: string | null;
  commute?: boolean;
  trainer?: boolean;
  hideFromHome?: boolean;
  gearId?: string | null;
  private?: boolean;
}

/**
 * The simulated Strava: its applications, tokens, athletes and activities, limits, injected
 * faults and webhooks. HTTP routes and the control API both work through it, so a change made
 * from a test announces itself to webhooks exactly like one made through the API.
 */
export class StravaSimulator {
  readonly clients = new ClientRegistry();
  readonly tokens: TokenStore;
  readonly athletes: AthleteStore;
  readonly rateLimiter: StravaRateLimiter;
  readonly faults = new FaultInjector();
  readonly requests = new RequestLog();
  readonly webhooks: WebhookHub;
  readonly autoCreateAthletes: boolean;
  nextAuthorization: NextAuthorization | null = null;
  private readonly nowMs: () => number;

  constructor(options: SimulatorOptions) {
    this.nowMs = options.now;
    const nowS = () => this.nowS();
    this.tokens = new TokenStore(nowS);
    this.athletes = new AthleteStore(nowS);
    this.rateLimiter = new StravaRateLimiter(nowS, options.rateLimits);
    this.webhooks = new WebhookHub({
      fetch: options.fetch,
      nowS,
      ackTimeoutMs: options.webhookAckTimeoutMs,
      retryDelayMs: options.webhookRetryDelayMs,
      maxAttempts: 3,
    });
    this.autoCreateAthletes = options.autoCreateAthletes;
    for (const client of options.clients) this.clients.register(client);
  }

  now(): number {
    return this.nowMs();
  }

  nowS(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  requireAthlete(athleteId: number): SimAthlete {
    const athlete = this.athletes.get(athleteId);
    if (!athlete) throw new Error(`Unknown athlete ${athleteId}`);
    return athlete;
  }

  requireActivity(activityId: number): ActivityRecord {
    const record = this.athletes.activity(activityId);
    if (!record) throw new Error(`Unknown activity ${activityId}`);
    return record;
  }

  /** SummaryActivity JSON, as in GET /athlete/activities. */
  summaryJson(record: ActivityRecord): Record<string, unknown> {
    const athlete = this.requireAthlete(record.athleteId);
    if (record.plan.sport === 'Run') this.athletes.ensurePersonalRecords(athlete);
    return summaryActivityJson(record, this.athletes.statsOf(record), athlete);
  }

  /** DetailedActivity JSON, as in GET /activities/{id}. */
  detailedJson(record: ActivityRecord): Record<string, unknown> {
    const athlete = this.requireAthlete(record.athleteId);
    if (record.plan.sport === 'Run') this.athletes.ensurePersonalRecords(athlete);
    const gear = this.athletes.gearOf(athlete);
    const gearUsed = [...gear.bikes, ...gear.shoes].find((item) => item.id === record.fields.gearId);
    return detailedActivityJson(record, this.athletes.statsOf(record), this.athletes.streamsOf(record), athlete, gearUsed);
  }

  /**
   * Adds an activity as if the athlete had just uploaded it, and tells subscribed apps. One that
   * would still be going on (a `startS` too late for its length) is refused: Strava knows of an
   * activity only once it is uploaded, and would answer 404 for it until then.
   */
  addActivity(athleteId: number, input: AddActivityInput = {}): ActivityRecord {
    const record = this.athletes.add(this.requireAthlete(athleteId), input);
    if (!this.athletes.isFinished(record, this.nowS())) {
      this.athletes.remove(record);
      throw new Error(`The activity would still be going on (start ${input.startS}, ${this.athletes.statsOf(record).whole.elapsedTimeS} s): start it earlier`);
    }
    this.announceActivity(record, 'create', {});
    return record;
  }

  /**
   * Applies changes; Strava sends an update event only for a new title, type or privacy
   * (`updates: { title | type | private }`), not for a description or gear.
   */
  updateActivity(record: ActivityRecord, changes: ActivityChanges): ActivityRecord {
    const fields = record.fields;
    const updates: Record<string, string> = {};
    if (changes.name !== undefined && changes.name !== fields.name) {
      fields.name = changes.name;
      updates.title = changes.name;
    }
    if (changes.sportType !== undefined && changes.sportType !== fields.sportType) {
      if (!(changes.sportType in SPORT_TYPES)) throw new Error(`Unknown sport type ${changes.sportType}`);
      fields.sportType = changes.sportType;
      updates.type = SPORT_TYPES[changes.sportType] ?? changes.sportType;
    }
    if (changes.private !== undefined && changes.private !== (fields.visibility === 'only_me')) {
      fields.visibility = changes.private ? 'only_me' : 'everyone';
      updates.private = String(changes.private);
    }
    if (changes.description !== undefined) fields.description = changes.description;
    if (changes.commute !== undefined) fields.commute = changes.commute;
    if (changes.trainer !== undefined) fields.trainer = changes.trainer;
    if (changes.hideFromHome !== undefined) fields.hideFromHome = changes.hideFromHome;
    if (changes.gearId !== undefined) fields.gearId = changes.gearId;
    if (Object.keys(updates).length > 0) this.announceActivity(record, 'update', updates);
    return record;
  }

  deleteActivity(record: ActivityRecord): void {
    this.athletes.remove(record);
    this.announceActivity(record, 'delete', {});
  }

  /**
   * The athlete revokes an application (from Strava's settings, or the app calls deauthorize):
   * its tokens stop working and its subscription hears `authorized: "false"`.
   */
  deauthorize(clientId: string, athleteId: number): boolean {
    const existed = this.tokens.deauthorize(clientId, athleteId);
    if (existed) {
      this.webhooks.publish(clientId, {
        aspect_type: 'update',
        event_time: this.nowS(),
        object_id: athleteId,
        object_type: 'athlete',
        owner_id: athleteId,
        updates: { authorized: 'false' },
      });
    }
    return existed;
  }

  /**
   * Activity events go to every application the athlete authorised with an activity scope;
   * events about "only me" activities need activity:read_all, except the privacy change itself,
   * which tells the others to forget the activity.
   */
  private announceActivity(record: ActivityRecord, aspect: WebhookEvent['aspect_type'], updates: Record<string, string>): void {
    const event = {
      aspect_type: aspect,
      event_time: this.nowS(),
      object_id: record.id,
      object_type: 'activity' as const,
      owner_id: record.athleteId,
      updates,
    };
    const onlyMe = record.fields.visibility === 'only_me';
    for (const grant of this.tokens.grantsOf(record.athleteId)) {
      const readAll = grant.scopes.includes('activity:read_all');
      const read = readAll || grant.scopes.includes('activity:read');
      if (!read) continue;
      if (onlyMe && !readAll && updates.private === undefined) continue;
      this.webhooks.publish(grant.clientId, event);
    }
  }
}
