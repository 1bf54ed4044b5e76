import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { availableParallelism } from 'node:os';
import { DEFAULT_ACTIVITY_FILE_LIMITS, type ActivityFileLimits } from '../shared/api/imports.ts';
import { DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_TILE_URL, feedbackAddress, mapTileUrl, socialAddress } from '../shared/api/app-info.ts';

/**
 * Every setting Kairo reads from the environment, validated once at boot.
 * Nothing else in the code base reads process.env.
 */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  /** Connections each instance keeps to PostgreSQL for requests (the job queue holds 4 more). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100').default(10),
  PUBLIC_URL: optionalUrl,
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24 * 7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Kairo <no-reply@kairo.local>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  TOKEN_ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
      .optional(),
  ),
  STRAVA_CLIENT_ID: optionalString,
  STRAVA_CLIENT_SECRET: optionalString,
  STRAVA_BASE_URL: z.url().default('https://www.strava.com'),
  // Strava's API address, apart from its OAuth pages (Strava moves the API in 2027; ADR 0067).
  STRAVA_API_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/ })
      .refine((value) => !value.includes('?') && !value.includes('#'), 'must be an address without a query or fragment (tokens go in the Authorization header)')
      .optional(),
  ),
  STRAVA_DATA_POLICY: z.preprocess(emptyToUndefined, z.enum(['strict', 'relaxed']).optional()),
  STRAVA_CACHE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  STRAVA_WEBHOOK_VERIFY_TOKEN: z.preprocess(emptyToUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  STRAVA_BACKOFF_S: z.coerce.number().min(0.1).max(3600).default(60),
  STRAVA_RATE_WINDOW_S: z.coerce.number().int().min(1).max(3600).default(900),
  AI_PROVIDER: z.preprocess(
    emptyToUndefined,
    z.enum(['openai', 'anthropic', 'openai-compatible'], { error: 'must be openai, anthropic or openai-compatible' }).optional(),
  ),
  AI_MODEL: optionalString,
  AI_API_KEY: optionalString,
  AI_BASE_URL: optionalUrl,
  AI_TIMEOUT_S: z.coerce.number().min(0.1).max(600).default(30),
  FEEDBACK_URL: z.preprocess(emptyToUndefined, feedbackAddress.optional()),
  SOCIAL_URL: z.preprocess(emptyToUndefined, socialAddress.optional()),
  MAP_TILE_URL: z.preprocess(emptyToUndefined, z.union([z.literal('off'), mapTileUrl]).default(DEFAULT_MAP_TILE_URL)),
  MAP_TILE_ATTRIBUTION: z.preprocess(emptyToUndefined, z.string().max(300).default(DEFAULT_MAP_ATTRIBUTION)),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(3600).default(20),
  SHUTDOWN_NOTICE_SECONDS: z.coerce.number().min(0).max(600).optional(),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  KAIRO_CLUSTER: z.preprocess(emptyToUndefined, z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional()),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65_535).optional()),
  DEMO_STRAVA_URL: optionalUrl,
  IMPORT_WORKERS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(32).optional()),
  IMPORT_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
  IMPORT_WORKER_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).default(512),
  IMPORT_MAX_UNPACKED_MB: z.coerce.number().int().min(1).max(1024).default(DEFAULT_ACTIVITY_FILE_LIMITS.maxUnpackedBytes / 1024 ** 2),
  IMPORT_MAX_POINTS: z.coerce.number().int().min(1000).max(10_000_000).default(DEFAULT_ACTIVITY_FILE_LIMITS.maxPoints),
  IMPORT_MAX_HOURS: z.coerce.number().min(1).max(24 * 14).default(DEFAULT_ACTIVITY_FILE_LIMITS.maxDurationS / 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        context.addIssue({
          code: 'custom',
          message: 'must be false, true (one proxy), a number of proxy hops, or a comma-separated list of proxy addresses/CIDR ranges',
        });
        return z.NEVER;
      }
      return parsed;
    }),
});

/** The import worker threads without IMPORT_WORKERS: one core stays free for the event loop (on 2 cores, one worker), at most 4. */
export function defaultImportWorkers(): number {
  return Math.min(4, Math.max(1, availableParallelism() - 1));
}

/**
 * Which X-Forwarded-For entries to believe. Trusting every hop would let any client name its own
 * address (and so its own rate-limit key) by sending the header itself: only the configured
 * number of proxies in front of Kairo, or the listed proxy addresses, are believed.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const IPV4_OR_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
const IPV6_OR_CIDR = /^[0-9a-f:]+(\/\d{1,3})?$/i;

export function parseTrustProxy(raw: string): TrustProxy | null {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  // One reverse proxy in front is the common deployment; `true` means exactly that, never "everyone".
  if (value === 'true') return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? { hops } : null;
  }
  const addresses = value.split(',').map((part) => part.trim()).filter(Boolean);
  const valid = addresses.every((address) => ['loopback', 'linklocal', 'uniquelocal'].includes(address) || IPV4_OR_CIDR.test(address) || (address.includes(':') && IPV6_OR_CIDR.test(address)));
  return valid && addresses.length > 0 ? { addresses } : null;
}

export type Env = z.infer<typeof envSchema>;

export type AiProvider = NonNullable<Env['AI_PROVIDER']>;

/** A language model for Kai; without one the built-in coach writes every analysis. */
export interface AiConfig {
  provider: AiProvider;
  model: string;
  /** Undefined only for an openai-compatible local server that needs none (Ollama). */
  apiKey: string | undefined;
  /** Undefined: the provider's own endpoint. */
  baseUrl: string | undefined;
  /** How long one analysis may wait for the model, retries included, before the built-in coach writes it. */
  timeoutMs: number;
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections this instance's requests share (DATABASE_POOL_SIZE; PGlite has one). */
  databasePoolSize: number;
  /** Origin the browser sees, e.g. http://localhost:3000. Undefined: derived from host and port once listening. */
  publicUrl: string | undefined;
  sessionSecret: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** How long a resolved session may be reused without reading the database (0 = never). */
  sessionCacheMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: TrustProxy;
  /** AES-256 key for OAuth tokens at rest. */
  tokenEncryptionKey: Buffer;
  strava: {
    /** Real Strava credentials; undefined = demo mode against the bundled simulator. */
    credentials: { clientId: string; clientSecret: string } | undefined;
    /** Strava's OAuth pages (authorize, token, revoke), e.g. https://www.strava.com. */
    baseUrl: string;
    /** Strava's API, e.g. https://www.strava.com/api/v3 (STRAVA_API_URL; ADR 0067). */
    apiUrl: string;
    /** strict keeps Strava data out of every LLM prompt and purges raw payloads after cacheDays. */
    dataPolicy: 'strict' | 'relaxed';
    cacheDays: number;
    /** Shared secret Strava echoes when verifying our webhook subscription. */
    webhookVerifyToken: string;
    /** How long to wait before retrying after a Strava outage or a 429 its headers do not explain. */
    backoffMs: number;
    /** Length of Strava's short rate-limit window (15 minutes; shorter against a test simulator). */
    rateWindowMs: number;
    /** Demo mode against one standalone simulator (`npm run strava-sim`) that every instance shares; undefined = in-process simulator. */
    demoUrl: string | undefined;
  };
  ai: AiConfig | undefined;
  /** How an instance stops on SIGTERM/SIGINT (ADR 0049). */
  shutdown: {
    /** How long /readyz answers 503 while requests are still served, so a load balancer stops sending new ones. */
    noticeMs: number;
    /** The longest a shutdown takes: in-flight requests and running jobs get this long, then jobs are handed back. */
    graceMs: number;
  };
  /** Background jobs (pg-boss, ADR 0008). */
  jobs: {
    /**
     * Wait before a failed job runs again, doubled (with jitter) for each further retry: also the
     * wait of a job handed back at shutdown or lost with a crashed instance. Jobs that name a delay
     * of their own keep it.
     */
    retryDelayS: number;
    /** How often the queue looks for jobs of a crashed instance (heartbeat stopped) and runs past their time limit. */
    superviseIntervalS: number;
  };
  /** Whether this instance may share its database with others (DATABASE_URL, unless KAIRO_CLUSTER=0). */
  cluster: boolean;
  /**
   * GET /metrics: `token` (Bearer) required when set; `port` set = served only on a listener of its
   * own at that port (HOST's address, 0 = any free port), never on the public one. Neither set = no
   * endpoint (404).
   */
  metrics: { token: string | undefined; port: number | undefined };
  /** Things the operator should know at boot that do not stop it. */
  warnings: string[];
  /** The operator's own addresses, linked from the analysis page and the maintenance page; unset = no link. */
  community: { feedbackUrl: string | undefined; socialUrl: string | undefined };
  /** Where the route map's tiles come from (MAP_TILE_URL), and the credit they require. */
  map: { tileUrl: string | null; attribution: string };
  /** How uploaded activity files are read (ADR 0051, README "Limits"). */
  imports: {
    /** Worker threads that parse files off the event loop: IMPORT_WORKERS, else one less than the CPUs (at least 1, at most 4). */
    workers: number;
    /** Files that may wait for a worker; one more is answered 503. */
    maxQueued: number;
    /** Heap limit of each worker: a file that needs more is refused (413) and the worker restarted. */
    workerMemoryMb: number;
    limits: ActivityFileLimits;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  for (const [id, secret] of [
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ['STRAVA_CLIENT_ID', 'STRAVA_CLIENT_SECRET'],
  ] as const) {
    if (Boolean(env[id]) !== Boolean(env[secret])) {
      throw new ConfigError(`Invalid configuration:\n  ${id} and ${secret} must be set together`);
    }
  }
  const dataDir = resolve(env.DATA_DIR);
  const ai = aiConfig(env);
  const cluster = isCluster(env);
  if (env.SHUTDOWN_NOTICE_SECONDS !== undefined && env.SHUTDOWN_NOTICE_SECONDS >= env.SHUTDOWN_GRACE_SECONDS) {
    throw new ConfigError('Invalid configuration:\n  SHUTDOWN_NOTICE_SECONDS must be less than SHUTDOWN_GRACE_SECONDS (the notice is part of the grace period)');
  }
  const warnings = sharedSecretsCheck(env, cluster);
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT must differ from PORT (metrics get a listener of their own)');
  }
  if (env.DEMO_STRAVA_URL && env.STRAVA_CLIENT_ID) {
    throw new ConfigError('Invalid configuration:\n  DEMO_STRAVA_URL is for demo mode: unset it, or unset STRAVA_CLIENT_ID/STRAVA_CLIENT_SECRET');
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    publicUrl: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined,
    sessionSecret: env.SESSION_SECRET ?? readOrCreateSecret(dataDir, 'session-secret'),
    sessionIdleMs: env.SESSION_IDLE_HOURS * 3600_000,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_DAYS * 86_400_000,
    sessionCacheMs: env.SESSION_CACHE_SECONDS * 1000,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
        : undefined,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    tokenEncryptionKey: Buffer.from(
      env.TOKEN_ENCRYPTION_KEY ?? readOrCreateSecret(dataDir, 'token-encryption-key', () => randomBytes(32).toString('base64')),
      'base64',
    ),
    strava: {
      credentials:
        env.STRAVA_CLIENT_ID && env.STRAVA_CLIENT_SECRET
          ? { clientId: env.STRAVA_CLIENT_ID, clientSecret: env.STRAVA_CLIENT_SECRET }
          : undefined,
      baseUrl: env.STRAVA_BASE_URL.replace(/\/+$/, ''),
      apiUrl: (env.STRAVA_API_URL ?? `${env.STRAVA_BASE_URL.replace(/\/+$/, '')}/api/v3`).replace(/\/+$/, ''),
      dataPolicy: env.STRAVA_DATA_POLICY ?? (env.STRAVA_CLIENT_ID ? 'strict' : 'relaxed'),
      cacheDays: env.STRAVA_CACHE_DAYS,
      webhookVerifyToken: env.STRAVA_WEBHOOK_VERIFY_TOKEN ?? readOrCreateSecret(dataDir, 'strava-webhook-verify-token'),
      backoffMs: env.STRAVA_BACKOFF_S * 1000,
      rateWindowMs: env.STRAVA_RATE_WINDOW_S * 1000,
      demoUrl: env.DEMO_STRAVA_URL?.replace(/\/+$/, ''),
    },
    ai,
    shutdown: {
      // A lone instance has no load balancer to tell: it stops at once. Behind one (PostgreSQL), the
      // notice outlasts a health check interval (Caddy's is 5 s).
      noticeMs: (env.SHUTDOWN_NOTICE_SECONDS ?? (cluster ? Math.min(DEFAULT_CLUSTER_NOTICE_S, env.SHUTDOWN_GRACE_SECONDS / 2) : 0)) * 1000,
      graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    },
    jobs: { retryDelayS: env.JOB_RETRY_DELAY_SECONDS, superviseIntervalS: env.JOB_SUPERVISE_SECONDS },
    cluster,
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT },
    warnings,
    community: { feedbackUrl: env.FEEDBACK_URL, socialUrl: env.SOCIAL_URL },
    map: { tileUrl: env.MAP_TILE_URL === 'off' ? null : env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION },
    imports: {
      workers: env.IMPORT_WORKERS ?? defaultImportWorkers(),
      maxQueued: env.IMPORT_QUEUE,
      workerMemoryMb: env.IMPORT_WORKER_MEMORY_MB,
      limits: {
        maxUnpackedBytes: env.IMPORT_MAX_UNPACKED_MB * 1024 ** 2,
        maxPoints: env.IMPORT_MAX_POINTS,
        maxDurationS: env.IMPORT_MAX_HOURS * 3600,
      },
    },
  };
}

const DEFAULT_CLUSTER_NOTICE_S = 6;

/** Secrets every instance of a cluster must share; without them in env each instance would make its own in its DATA_DIR. */
const SHARED_SECRETS = ['SESSION_SECRET', 'TOKEN_ENCRYPTION_KEY', 'STRAVA_WEBHOOK_VERIFY_TOKEN'] as const;

/** PostgreSQL may be shared by many instances; KAIRO_CLUSTER=0 says this one is alone, KAIRO_CLUSTER=1 says it is not. */
function isCluster(env: Env): boolean {
  if (env.KAIRO_CLUSTER) return env.KAIRO_CLUSTER === '1';
  return env.DATABASE_URL !== undefined;
}

/**
 * ADR 0049: an instance that may share its database refuses to start without the shared secrets in
 * env, naming all that are missing at once. PGlite is single-process (its directory is locked), so
 * KAIRO_CLUSTER=1 there is a contradiction. A single instance on PostgreSQL (KAIRO_CLUSTER=0) may
 * keep its secrets in DATA_DIR, with a warning: a second instance would not share them.
 */
function sharedSecretsCheck(env: Env, cluster: boolean): string[] {
  const missing = SHARED_SECRETS.filter((name) => !env[name]);
  if (cluster && !env.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  KAIRO_CLUSTER=1 needs DATABASE_URL: PGlite (the default database) serves one instance only');
  }
  if (missing.length === 0) return [];
  if (cluster) {
    throw new ConfigError(
      [
        'Invalid configuration:',
        `  ${missing.join(', ')} must be set: with DATABASE_URL every instance must share the same secrets,`,
        '  or a session or a stored Strava token made by one instance is refused by the others.',
        '  Generate each once (openssl rand -base64 32) and give every instance the same values.',
        '  A single instance on PostgreSQL may keep them in DATA_DIR instead: set KAIRO_CLUSTER=0.',
      ].join('\n'),
    );
  }
  return env.DATABASE_URL
    ? [`KAIRO_CLUSTER=0: ${missing.join(', ')} come from DATA_DIR/secrets; a second instance on this database would not share them`]
    : [];
}

/** The AI_* settings make sense only together: each inconsistency is refused at boot with what to set. */
function aiConfig(env: Env): AiConfig | undefined {
  const problems: string[] = [];
  const provider = env.AI_PROVIDER;
  if (!provider) {
    for (const name of ['AI_MODEL', 'AI_API_KEY', 'AI_BASE_URL'] as const) {
      if (env[name]) problems.push(`${name} is set but AI_PROVIDER is not (set AI_PROVIDER, or unset ${name} to use the built-in coach only)`);
    }
  } else {
    if (!env.AI_MODEL) problems.push(`AI_MODEL is required with AI_PROVIDER=${provider}`);
    if (provider === 'openai-compatible' && !env.AI_BASE_URL) {
      problems.push('AI_BASE_URL is required with AI_PROVIDER=openai-compatible (e.g. http://127.0.0.1:11434/v1 for Ollama)');
    }
    if (provider !== 'openai-compatible' && !env.AI_API_KEY) problems.push(`AI_API_KEY is required with AI_PROVIDER=${provider}`);
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  if (!provider || !env.AI_MODEL) return undefined;
  return {
    provider,
    model: env.AI_MODEL,
    apiKey: env.AI_API_KEY,
    baseUrl: env.AI_BASE_URL?.replace(/\/+$/, ''),
    timeoutMs: env.AI_TIMEOUT_S * 1000,
  };
}

/** Key material generated once per installation, kept beside the data with owner-only permissions. */
function readOrCreateSecret(
  dataDir: string,
  name: string,
  generate: () => string = () => randomBytes(32).toString('base64url'),
): string {
  const secretsDir = join(dataDir, 'secrets');
  const file = join(secretsDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
  const secret = generate();
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: theirs wins, so both use the same secret.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
  chmodSync(file, 0o600);
  return secret;
}
