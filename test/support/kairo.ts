import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/server/config.ts';
import { startKairo, type Kairo } from '../../src/server/kairo.ts';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './databases.ts';
import { startMailSink, type MailSink } from './mail-sink.ts';

export interface TestKairo {
  kairo: Kairo;
  url: string;
  mail: MailSink;
  database: TestDatabase;
  dataDir: string;
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
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // KAIRO_TEST_LOG_LEVEL=debug shows the server's log of a test run.
    LOG_LEVEL: process.env.KAIRO_TEST_LOG_LEVEL ?? 'silent',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: mail.url,
    // No tile server is reachable from a test: route maps draw the track alone.
    MAP_TILE_URL: 'off',
    ...env,
  });
  const kairo = await startKairo(config, { database: database.handle });
  return {
    kairo,
    url: kairo.url,
    mail,
    database,
    dataDir,
    async close() {
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
