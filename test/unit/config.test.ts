import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { configuredDatabase } from '../../src/server/db/client.ts';

const freshDir = () => mkdtempSync(join(tmpdir(), 'kairo-config-'));

describe('loadConfig', () => {
  it('has working defaults: embedded database, port 3000 on loopback, dev outbox', () => {
    const dataDir = freshDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir, databaseUrl: undefined, smtpUrl: undefined, google: undefined });
    expect(config.sessionIdleMs).toBe(7 * 86_400_000);
    expect(config.sessionAbsoluteMs).toBe(30 * 86_400_000);
  });

  it('opens PostgreSQL with DATABASE_POOL_SIZE connections, 10 unless set', () => {
    const url = 'postgres://kairo@db.example/kairo';
    expect(configuredDatabase(loadConfig({ DATA_DIR: freshDir(), DATABASE_URL: url, KAIRO_CLUSTER: '0' }))).toEqual({ kind: 'postgres', url, poolSize: 10 });
    expect(configuredDatabase(loadConfig({ DATA_DIR: freshDir(), DATABASE_URL: url, KAIRO_CLUSTER: '0', DATABASE_POOL_SIZE: '24' }))).toEqual({
      kind: 'postgres',
      url,
      poolSize: 24,
    });
  });

  it('generates the session secret once, owner-readable only, and reuses it', () => {
    const dataDir = freshDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(43);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
    expect(statSync(join(dataDir, 'secrets', 'session-secret')).mode & 0o777).toBe(0o600);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET: must be at least 32 characters'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE: must be between 1 and 100'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
    [{ GOOGLE_CLIENT_ID: 'only-the-id' }, 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together'],
    [{ AI_PROVIDER: 'mistral' }, 'AI_PROVIDER: must be openai, anthropic or openai-compatible'],
    [{ AI_PROVIDER: 'openai', AI_API_KEY: 'sk-x' }, 'AI_MODEL is required with AI_PROVIDER=openai'],
    [{ AI_PROVIDER: 'anthropic', AI_MODEL: 'claude' }, 'AI_API_KEY is required with AI_PROVIDER=anthropic'],
    [{ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'llama3' }, 'AI_BASE_URL is required with AI_PROVIDER=openai-compatible'],
    [{ AI_MODEL: 'gpt' }, 'AI_MODEL is set but AI_PROVIDER is not'],
    [{ AI_PROVIDER: 'openai', AI_MODEL: 'gpt', AI_API_KEY: 'k', AI_TIMEOUT_S: '0' }, 'AI_TIMEOUT_S'],
    [{ FEEDBACK_URL: 'javascript:alert(1)' }, 'FEEDBACK_URL: must be an http(s):// URL or a mailto: address'],
    [{ FEEDBACK_URL: 'feedback@club.example' }, 'FEEDBACK_URL: must be an http(s):// URL or a mailto: address'],
    [{ FEEDBACK_URL: 'mailto:' }, 'FEEDBACK_URL: must be an http(s):// URL or a mailto: address'],
    [{ SOCIAL_URL: 'mailto:news@club.example' }, 'SOCIAL_URL: must be an http(s):// URL'],
    [{ SOCIAL_URL: 'instagram.com/our.club' }, 'SOCIAL_URL: must be an http(s):// URL'],
  ])('stops with a clear message on %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: freshDir(), ...env })).toThrowError(ConfigError);
    expect(() => loadConfig({ DATA_DIR: freshDir(), ...env })).toThrowError(message);
  });

  it('uses the built-in coach only without AI_PROVIDER, and reads a complete model setting', () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).ai).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: freshDir(), AI_PROVIDER: 'openai-compatible', AI_MODEL: 'llama3.1', AI_BASE_URL: 'http://127.0.0.1:11434/v1/' }).ai,
    ).toEqual({ provider: 'openai-compatible', model: 'llama3.1', apiKey: undefined, baseUrl: 'http://127.0.0.1:11434/v1', timeoutMs: 30_000 });
    expect(loadConfig({ DATA_DIR: freshDir(), AI_PROVIDER: 'openai', AI_MODEL: 'gpt-5-mini', AI_API_KEY: 'sk-x', AI_TIMEOUT_S: '2.5' }).ai).toEqual({
      provider: 'openai',
      model: 'gpt-5-mini',
      apiKey: 'sk-x',
      baseUrl: undefined,
      timeoutMs: 2500,
    });
  });

  it("reads the operator's feedback and social addresses, with no links by default", () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).community).toEqual({ feedbackUrl: undefined, socialUrl: undefined });
    expect(loadConfig({ DATA_DIR: freshDir(), FEEDBACK_URL: '', SOCIAL_URL: '' }).community).toEqual({ feedbackUrl: undefined, socialUrl: undefined });
    expect(loadConfig({ DATA_DIR: freshDir() }).map).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' });
    expect(() => loadConfig({ DATA_DIR: freshDir(), MAP_TILE_URL: 'javascript:alert(1)//{z}{x}{y}' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ DATA_DIR: freshDir(), MAP_TILE_URL: 'https://tiles.example/map.png' })).toThrow(/MAP_TILE_URL/);
    expect(loadConfig({ DATA_DIR: freshDir(), MAP_TILE_URL: 'off' }).map.tileUrl).toBeNull();
    const mail = 'mailto:coach@club.example?subject=Kairo%20feedback';
    expect(loadConfig({ DATA_DIR: freshDir(), FEEDBACK_URL: mail, SOCIAL_URL: 'https://www.instagram.com/our.club/' }).community).toEqual({
      feedbackUrl: mail,
      socialUrl: 'https://www.instagram.com/our.club/',
    });
    expect(loadConfig({ DATA_DIR: freshDir(), FEEDBACK_URL: 'https://forms.example/kairo' }).community.feedbackUrl).toBe('https://forms.example/kairo');
  });

  it('normalises PUBLIC_URL to its origin', () => {
    expect(loadConfig({ DATA_DIR: freshDir(), PUBLIC_URL: 'https://kairo.example/app/' }).publicUrl).toBe('https://kairo.example');
  });

  it('puts /metrics on a port of its own only when METRICS_PORT is set, never on the public one', () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ DATA_DIR: freshDir(), METRICS_PORT: '9100' }).metrics).toEqual({ token: undefined, port: 9100 });
    expect(loadConfig({ DATA_DIR: freshDir(), METRICS_PORT: '' }).metrics.port).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: freshDir(), PORT: '9100', METRICS_PORT: '9100' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ DATA_DIR: freshDir(), METRICS_PORT: '70000' })).toThrow(ConfigError);
  });

  it("retries failed jobs after 10 s and looks for a crashed instance's jobs every 10 s unless set, in whole seconds", () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).jobs).toEqual({ retryDelayS: 10, superviseIntervalS: 10 });
    expect(loadConfig({ DATA_DIR: freshDir(), JOB_RETRY_DELAY_SECONDS: '1', JOB_SUPERVISE_SECONDS: '2' }).jobs).toEqual({ retryDelayS: 1, superviseIntervalS: 2 });
    // pg-boss counts these in whole seconds, from 1.
    expect(() => loadConfig({ DATA_DIR: freshDir(), JOB_RETRY_DELAY_SECONDS: '0.5' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: freshDir(), JOB_RETRY_DELAY_SECONDS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: freshDir(), JOB_SUPERVISE_SECONDS: '0' })).toThrow(ConfigError);
  });

  describe('cluster configuration (ADR 0049)', () => {
    const PG = 'postgres://kairo@db:5432/kairo';
    const shared = {
      SESSION_SECRET: 'a'.repeat(40),
      TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-token-for-all',
    };

    it('refuses PostgreSQL without the shared secrets in env, naming every missing one in one message', () => {
      const attempt = () => loadConfig({ DATA_DIR: freshDir(), DATABASE_URL: PG, SESSION_SECRET: shared.SESSION_SECRET });
      expect(attempt).toThrowError(ConfigError);
      expect(attempt).toThrowError('TOKEN_ENCRYPTION_KEY, STRAVA_WEBHOOK_VERIFY_TOKEN must be set: with DATABASE_URL every instance must share');
      expect(attempt).toThrowError('set KAIRO_CLUSTER=0');
    });

    it('starts a cluster instance with all three shared secrets, with the notice for the load balancer', () => {
      const config = loadConfig({ DATA_DIR: freshDir(), DATABASE_URL: PG, ...shared });
      expect(config.cluster).toBe(true);
      expect(config.warnings).toEqual([]);
      expect(config.shutdown).toEqual({ noticeMs: 6_000, graceMs: 20_000 });
      expect(loadConfig({ DATA_DIR: freshDir(), DATABASE_URL: PG, ...shared, SHUTDOWN_GRACE_SECONDS: '4' }).shutdown).toEqual({ noticeMs: 2_000, graceMs: 4_000 });
    });

    it('lets a single instance on PostgreSQL keep its secrets in DATA_DIR with KAIRO_CLUSTER=0, with a warning', () => {
      const config = loadConfig({ DATA_DIR: freshDir(), DATABASE_URL: PG, KAIRO_CLUSTER: '0' });
      expect(config.cluster).toBe(false);
      expect(config.warnings).toEqual([expect.stringContaining('SESSION_SECRET, TOKEN_ENCRYPTION_KEY, STRAVA_WEBHOOK_VERIFY_TOKEN come from DATA_DIR/secrets')]);
      expect(config.shutdown.noticeMs).toBe(0);
    });

    it('keeps PGlite single-instance: no warning, no notice, and KAIRO_CLUSTER=1 refused', () => {
      const config = loadConfig({ DATA_DIR: freshDir() });
      expect(config).toMatchObject({ cluster: false, warnings: [], shutdown: { noticeMs: 0, graceMs: 20_000 } });
      expect(() => loadConfig({ DATA_DIR: freshDir(), KAIRO_CLUSTER: '1', ...shared })).toThrowError('KAIRO_CLUSTER=1 needs DATABASE_URL');
    });

    it('refuses a notice as long as the whole grace period', () => {
      expect(() => loadConfig({ DATA_DIR: freshDir(), SHUTDOWN_NOTICE_SECONDS: '10', SHUTDOWN_GRACE_SECONDS: '10' })).toThrowError(
        'SHUTDOWN_NOTICE_SECONDS must be less than SHUTDOWN_GRACE_SECONDS',
      );
    });
  });
});
