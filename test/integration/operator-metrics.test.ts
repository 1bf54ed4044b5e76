import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../tools/fake-llm/server.ts';
import { bigGpx } from '../support/big-activity-file.ts';
import { testDatabaseKinds, type TestDatabaseKind } from '../support/databases.ts';
import { llmEnv } from '../support/fake-llm.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';
import { registerAthlete, waitForJobs } from '../support/strava.ts';

const kinds = await testDatabaseKinds();
const TOKEN = 'scrape-me-with-this-token-0123456789';
/** A 20-minute GPX ride Kairo writes itself. */
const GPX = bigGpx(1200);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text exposition format, strictly: every line is a comment, blank, or `name{labels} value`. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (-?[\d.e+-]+|NaN|\+Inf|-Inf)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
}

async function scrape(url: string, authorization?: string): Promise<Response> {
  return fetch(`${url}/metrics`, authorization ? { headers: { authorization } } : {});
}

describe.each(kinds)('Operator metrics and request ids on %s', (kind: TestDatabaseKind) => {
  let server: TestKairo;
  let fake: FakeLlm;

  beforeAll(async () => {
    fake = await startFakeLlm();
    // Every model request is refused: each writer falls back to the built-in one.
    fake.script(...Array.from({ length: 20 }, () => ({ kind: 'status' as const, status: 401 })));
    server = await startTestKairo(kind, { METRICS_TOKEN: TOKEN, TRUST_PROXY: 'true', ...llmEnv(fake) });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('has no /metrics endpoint without METRICS_TOKEN', async () => {
    const plain = await startTestKairo(kind);
    try {
      const answer = await scrape(plain.url, `Bearer ${TOKEN}`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('kairo_');
    } finally {
      await plain.close();
    }
  });

  it('refuses a scrape without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const answer = await scrape(server.url, authorization);
      expect(answer.status, authorization).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await answer.text()).not.toContain('kairo_');
    }
  });

  it('exposes requests by route template, the job queues, the Strava budget, the model and the process', async () => {
    const athlete = await registerAthlete(server.url);
    const imported = await athlete.upload<{ activity: { id: string } }>('/api/imports', 'lake.gpx', GPX);
    expect(imported.status).toBe(201);
    await waitForJobs(server);
    const activityId = imported.body.activity.id;
    expect((await athlete.get(`/api/activities/${activityId}`)).status).toBe(200);
    expect((await athlete.get('/api/no-such-thing/123')).status).toBe(404);
    // A job waiting for a later start, so the queue figures are not all zero.
    const completion = server.kairo.jobs.get('analysis.complete')!;
    await server.kairo.queue.send(completion, { accountId: '00000000-0000-4000-8000-000000000001' }, { startAfter: new Date(Date.now() + 3_600_000) });

    const answer = await scrape(server.url, `Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    const samples = parseExposition(text);

    // Requests: the route's template, never the raw path with its id; unknown paths share one label.
    expect(find(samples, 'kairo_http_requests_total', { method: 'POST', route: '/api/imports', status: '201' })[0]?.value).toBe(1);
    expect(find(samples, 'kairo_http_requests_total', { method: 'GET', route: '/api/activities/:id', status: '200' })[0]?.value).toBe(1);
    expect(find(samples, 'kairo_http_requests_total', { route: 'unmatched', status: '404' })[0]?.value).toBeGreaterThanOrEqual(1);
    expect(samples.some((sample) => sample.labels.route?.includes(activityId))).toBe(false);
    const buckets = find(samples, 'kairo_http_request_duration_seconds_bucket', { route: '/api/imports', status: '201' });
    expect(buckets.find((bucket) => bucket.labels.le === '+Inf')?.value).toBe(1);

    // Job queues: every queue listed, the deferred job counted, nothing left waiting.
    expect(find(samples, 'kairo_job_queue_jobs', { queue: 'imports.archive', state: 'ready' })[0]?.value).toBe(0);
    expect(find(samples, 'kairo_job_queue_jobs', { queue: completion.name, state: 'deferred' })[0]?.value).toBe(1);
    expect(find(samples, 'kairo_job_queue_oldest_ready_age_seconds', { queue: completion.name })[0]?.value).toBe(0);

    // The Strava budget: demo mode made no request yet, so the whole budget is left.
    for (const scope of ['overall', 'read']) {
      for (const window of ['short', 'daily']) {
        const used = find(samples, 'kairo_strava_budget_used', { scope, window })[0]!;
        const limit = find(samples, 'kairo_strava_budget_limit', { scope, window })[0]!;
        expect(used.value).toBe(0);
        expect(find(samples, 'kairo_strava_budget_left', { scope, window })[0]?.value).toBe(limit.value - used.value);
      }
    }

    // The model refused every call: each analysis was written by the built-in coach.
    const refused = find(samples, 'kairo_llm_calls_total', { purpose: 'analysis', outcome: 'unavailable' })[0]?.value ?? 0;
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(find(samples, 'kairo_llm_fallbacks_total', { purpose: 'analysis', failure: 'unavailable' })[0]?.value).toBe(refused);

    // Process metrics from prom-client's defaults.
    expect(find(samples, 'process_cpu_user_seconds_total')).toHaveLength(1);
    expect(find(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
  });

  it('gives every answer a request id, keeping the trusted proxy’s own', async () => {
    const generated = await fetch(`${server.url}/healthz`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const fromProxy = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'caddy-7f3a.42' } });
    expect(fromProxy.headers.get('x-request-id')).toBe('caddy-7f3a.42');
    const garbage = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'a b <script>' } });
    expect(garbage.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not let a client choose its request id when no proxy is trusted', async () => {
    const direct = await startTestKairo(kind);
    try {
      const answer = await fetch(`${direct.url}/healthz`, { headers: { 'x-request-id': 'chosen-by-client' } });
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await direct.close();
    }
  });
});

describe.each(kinds)('Metrics on a port of their own (METRICS_PORT) on %s', (kind: TestDatabaseKind) => {
  it('serves /metrics only on its own listener, not on the public port, and counts the public requests', async () => {
    const server = await startTestKairo(kind, { METRICS_PORT: '0' });
    try {
      const metricsUrl = server.kairo.metricsUrl!;
      expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(new URL(metricsUrl).port).not.toBe(new URL(server.url).port);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

      // The public port has no metrics, whatever the request carries.
      const publicAnswer = await scrape(server.url, `Bearer ${TOKEN}`);
      expect(publicAnswer.status).toBe(404);
      expect(await publicAnswer.text()).not.toContain('kairo_');

      // No token set: the separate listener answers anyone who can reach it (the operator's network).
      const answer = await scrape(metricsUrl);
      expect(answer.status).toBe(200);
      const samples = parseExposition(await answer.text());
      expect(find(samples, 'kairo_http_requests_total', { method: 'GET', route: '/healthz', status: '200' })[0]?.value).toBe(1);
      // The listener serves the metrics and nothing else; its scrapes are not counted as public requests.
      expect((await fetch(`${metricsUrl}/healthz`)).status).toBe(404);
      expect(find(samples, 'kairo_http_requests_total', { route: '/metrics', status: '200' })).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('still asks for the token on its own listener when METRICS_TOKEN is set', async () => {
    const server = await startTestKairo(kind, { METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    try {
      const metricsUrl = server.kairo.metricsUrl!;
      expect((await scrape(metricsUrl)).status).toBe(401);
      expect((await scrape(metricsUrl, 'Bearer wrong-token')).status).toBe(401);
      expect((await scrape(metricsUrl, `Bearer ${TOKEN}`)).status).toBe(200);
      expect((await scrape(server.url, `Bearer ${TOKEN}`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
