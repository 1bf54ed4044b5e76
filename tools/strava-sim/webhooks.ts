import { randomBytes } from 'node:crypto';
import { badRequest } from './errors.ts';

/**
 * Strava's push subscriptions: one per application, verified with a GET to the callback that must
 * echo `hub.challenge` within two seconds, then a POST of every event. Strava counts an event as
 * delivered when the callback answers 200 within two seconds and otherwise tries again, three
 * attempts in all; the delivery log records each attempt.
 */

/** A fetch, so a callback can also be answered in-process (e.g. through Fastify's inject). */
export type WebhookFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>;

export interface Subscription {
  id: number;
  clientId: string;
  callbackUrl: string;
  createdAtS: number;
  updatedAtS: number;
}

/** The JSON Strava posts to the callback (fixture webhook_event_activity_update.json). */
export interface WebhookEvent {
  aspect_type: 'create' | 'update' | 'delete';
  event_time: number;
  object_id: number;
  object_type: 'activity' | 'athlete';
  owner_id: number;
  subscription_id: number;
  updates: Record<string, string>;
}

export interface DeliveryAttempt {
  /** The callback's status, or null when it could not be reached or did not answer in time. */
  status: number | null;
  durationMs: number;
  error: string | null;
}

export interface WebhookDelivery {
  id: number;
  subscriptionId: number;
  clientId: string;
  callbackUrl: string;
  event: WebhookEvent;
  attempts: DeliveryAttempt[];
  /** Answered 200 within the time limit on some attempt. */
  acknowledged: boolean;
  /** No more attempts will be made. */
  done: boolean;
}

export interface WebhookHubOptions {
  fetch: WebhookFetch;
  nowS: () => number;
  /** How long the callback has to answer, in ms (Strava: 2 s). */
  ackTimeoutMs: number;
  /** Pause before trying an unacknowledged event again, in ms. */
  retryDelayMs: number;
  /** Attempts per event, the first included (Strava: 3). */
  maxAttempts: number;
}

const MAX_DELIVERIES_KEPT = 5_000;

export class WebhookHub {
  private readonly options: WebhookHubOptions;
  private readonly subscriptionsByClient = new Map<string, Subscription>();
  private readonly deliveryLog: WebhookDelivery[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private nextSubscriptionId = 120_001;
  private nextDeliveryId = 1;
  private stopped = false;

  constructor(options: WebhookHubOptions) {
    this.options = options;
  }

  /** Creates the application's subscription after the callback passes the challenge. */
  async subscribe(clientId: string, callbackUrl: string, verifyToken: string): Promise<Subscription> {
    if (this.subscriptionsByClient.has(clientId)) throw badRequest('PushSubscription', '', 'already exists');
    let url: URL;
    try {
      url = new URL(callbackUrl);
    } catch {
      throw badRequest('PushSubscription', 'callback_url', 'invalid');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('PushSubscription', 'callback_url', 'invalid');
    const challenge = randomBytes(16).toString('hex');
    url.searchParams.set('hub.mode', 'subscribe');
    url.searchParams.set('hub.challenge', challenge);
    url.searchParams.set('hub.verify_token', verifyToken);
    if (!(await this.verifyCallback(url.toString(), challenge))) throw badRequest('PushSubscription', 'callback url', 'not verifiable');
    const nowS = this.options.nowS();
    const subscription: Subscription = { id: this.nextSubscriptionId++, clientId, callbackUrl, createdAtS: nowS, updatedAtS: nowS };
    this.subscriptionsByClient.set(clientId, subscription);
    return subscription;
  }

  private async verifyCallback(url: string, challenge: string): Promise<boolean> {
    const answer = await this.call(url, { method: 'GET', headers: { accept: 'application/json' } });
    if (answer.status !== 200 || answer.body === null) return false;
    try {
      const body: unknown = JSON.parse(answer.body);
      return typeof body === 'object' && body !== null && (body as Record<string, unknown>)['hub.challenge'] === challenge;
    } catch {
      return false;
    }
  }

  subscriptionOf(clientId: string): Subscription | undefined {
    return this.subscriptionsByClient.get(clientId);
  }

  subscriptions(): Subscription[] {
    return [...this.subscriptionsByClient.values()];
  }

  unsubscribe(clientId: string, subscriptionId: number): boolean {
    const subscription = this.subscriptionsByClient.get(clientId);
    if (!subscription || subscription.id !== subscriptionId) return false;
    this.subscriptionsByClient.delete(clientId);
    return true;
  }

  /** Queues an event for the application's subscription, if it has one; returns the delivery. */
  publish(clientId: string, event: Omit<WebhookEvent, 'subscription_id'>): WebhookDelivery | null {
    const subscription = this.subscriptionsByClient.get(clientId);
    if (!subscription) return null;
    const delivery: WebhookDelivery = {
      id: this.nextDeliveryId++,
      subscriptionId: subscription.id,
      clientId,
      callbackUrl: subscription.callbackUrl,
      event: { ...event, subscription_id: subscription.id },
      attempts: [],
      acknowledged: false,
      done: false,
    };
    this.deliveryLog.push(delivery);
    if (this.deliveryLog.length > MAX_DELIVERIES_KEPT) this.deliveryLog.splice(0, this.deliveryLog.length - MAX_DELIVERIES_KEPT);
    const running = this.deliver(delivery).finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
    return delivery;
  }

  private async deliver(delivery: WebhookDelivery): Promise<void> {
    const body = JSON.stringify(delivery.event);
    for (let attempt = 1; attempt <= this.options.maxAttempts && !this.stopped; attempt += 1) {
      const answer = await this.call(delivery.callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      delivery.attempts.push({ status: answer.status, durationMs: answer.durationMs, error: answer.error });
      if (answer.status === 200) {
        delivery.acknowledged = true;
        break;
      }
      if (attempt < this.options.maxAttempts) await new Promise((resolve) => setTimeout(resolve, this.options.retryDelayMs).unref());
    }
    delivery.done = true;
  }

  /**
   * One request to a callback, judged the way Strava judges it: an answer that comes after the
   * time limit counts as none. Racing a timer as well as aborting covers fetches that cannot be
   * aborted (in-process ones).
   */
  private async call(
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<{ status: number | null; body: string | null; durationMs: number; error: string | null }> {
    const startedAt = performance.now();
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve('timeout');
      }, this.options.ackTimeoutMs);
    });
    try {
      const answered = (async () => {
        const response = await this.options.fetch(url, { ...init, signal: controller.signal });
        return { status: response.status, body: await response.text() };
      })();
      // An answer that loses the race must not surface as an unhandled rejection later.
      answered.catch(() => undefined);
      const outcome = await Promise.race([answered, timedOut]);
      const durationMs = Math.round(performance.now() - startedAt);
      if (outcome === 'timeout') return { status: null, body: null, durationMs, error: `no answer within ${this.options.ackTimeoutMs} ms` };
      return { ...outcome, durationMs, error: null };
    } catch (error) {
      return { status: null, body: null, durationMs: Math.round(performance.now() - startedAt), error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  deliveries(): WebhookDelivery[] {
    return [...this.deliveryLog];
  }

  /** Makes no further attempts (the simulator is shutting down). */
  stop(): void {
    this.stopped = true;
  }

  /** Resolves once every queued event has been delivered or given up on. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
