import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/server/config.ts';
import { startKairo, type Kairo } from '../../src/server/kairo.ts';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './databases.ts';
import type { AuthUser, RegisterBody } from '../../src/shared/api/auth.ts';
import type { TestClient, TestResponse } from './http-client.ts';
import { startMailSink, type MailSink } from './mail-sink.ts';

export interface TestKairo {
  kairo: Kairo;
  url: string;
  mail: MailSink;
  database: TestDatabase;
  dataDir: string;
  /** The secrets every other instance on `database` must share (ADR 0066). */
  secrets: Record<'SESSION_SECRET' | 'TOKEN_ENCRYPTION_KEY' | 'STRAVA_WEBHOOK_VERIFY_TOKEN', string>;
  close(): Promise<void>;
}

/**
 * The real server on an ephemeral loopback port, on its own fresh database, sending mail to a
 * loopback SMTP sink. `env` overrides any setting, exactly as the process environment would.
 */
export async function startTestKairo(kind: TestDatabaseKind, env: Record<string, string> = {}): Promise<TestKairo> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kairo-test-'));
  const mail = await startMailSink();
  const database = await createTestDatabase(kind);
  const secrets = {
    SESSION_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    STRAVA_WEBHOOK_VERIFY_TOKEN: randomBytes(16).toString('hex'),
  };
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // KAIRO_TEST_LOG_LEVEL=debug shows the server's log of a test run.
    LOG_LEVEL: process.env.KAIRO_TEST_LOG_LEVEL ?? 'silent',
    ...secrets,
    SMTP_URL: mail.url,
    // No tile server is reachable from a test: route maps draw the track alone.
    MAP_TILE_URL: 'off',
    ...env,
  });
  const kairo = await startKairo(config, { database: database.handle });
  sinksByOrigin.set(new URL(kairo.url).origin, mail);
  return {
    kairo,
    url: kairo.url,
    mail,
    database,
    dataDir,
    secrets: { SESSION_SECRET: config.sessionSecret, TOKEN_ENCRYPTION_KEY: config.tokenEncryptionKey.toString('base64'), STRAVA_WEBHOOK_VERIFY_TOKEN: config.strava.webhookVerifyToken },
    async close() {
      sinksByOrigin.delete(new URL(kairo.url).origin);
      await kairo.close();
      await database.drop();
      await mail.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique e-mail address per call, so tests sharing a server never collide. */
export function uniqueEmail(prefix = 'athlete'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

/** The mail sink of each running test server, so a sign-up can open the link its mail carries. */
const sinksByOrigin = new Map<string, MailSink>();
const usedLinks = new Set<string>();

/** The mail sink of the test server at `url` (any URL on it); undefined for a server started otherwise. */
export function mailSinkFor(url: string): MailSink | undefined {
  return sinksByOrigin.get(new URL(url).origin);
}

/** Marks a confirmation token as used by a test, so the next sign-up of the same address waits for its own mail. */
export function takeConfirmationToken(sink: MailSink, email: string): Promise<string> {
  return sink
    .waitFor((message) => {
      const token = message.to === email ? confirmationToken(message.text) : undefined;
      return token !== undefined && !usedLinks.has(token);
    })
    .then((mail) => {
      const token = confirmationToken(mail.text)!;
      usedLinks.add(token);
      return token;
    });
}

/** The confirmation link of a registration's mail: `/confirm-email?token=…`. */
export function confirmationToken(text: string): string | undefined {
  return /\/confirm-email\?token=([\w-]+)/.exec(text)?.[1];
}

/**
 * Signs up as a person does: POST /api/auth/register, and where the server confirms addresses by
 * mail (202), the link from the mail it sent (POST /api/auth/confirm-email, after signing out of
 * any account the client is signed in to), which signs the client in. Resolves with the answer that ended it: 201 with the user, or the refusal.
 */
export async function signUp(
  client: TestClient,
  body: RegisterBody | Record<string, unknown>,
  init?: { headers?: Record<string, string> },
): Promise<TestResponse> {
  const registered = await client.post('/api/auth/register', body, init);
  if (registered.status !== 202) return registered;
  const sink = mailSinkFor(client.baseUrl);
  if (!sink) throw new Error(`registration at ${client.baseUrl} asks for a confirmation, and no mail sink is known for it`);
  const token = await takeConfirmationToken(sink, String((body as { email?: unknown }).email));
  // A client signed in to another account signs out first, as the confirmation page asks (ADR 0004).
  if (client.jar.size > 0) await client.post('/api/auth/logout', undefined, init);
  return client.post<AuthUser>('/api/auth/confirm-email', { token }, init);
}
