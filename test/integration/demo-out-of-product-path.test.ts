import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startKairoProcess } from '../support/kairo-process.ts';
import { movedClockEnv } from '../support/moved-clock.ts';

/**
 * The simulators in tools/ are test doubles: demo mode loads them, a production process with real
 * Strava and Google settings must not have a line of them in memory (docs/design.md).
 */
const root = resolve(import.meta.dirname, '../..');
const recorder = resolve(root, 'test/support/record-modules.ts');
const scratch = mkdtempSync(join(tmpdir(), 'kairo-modules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function modulesLoadedBy(name: string, env: Record<string, string>): Promise<string[]> {
  const logFile = join(scratch, `${name}.log`);
  writeFileSync(logFile, '');
  const dataDir = mkdtempSync(join(scratch, `${name}-data-`));
  const kairo = await startKairoProcess({ dataDir, env: { KAIRO_MODULE_LOG: logFile, NODE_OPTIONS: [movedClockEnv().NODE_OPTIONS, `--import=${recorder}`].filter(Boolean).join(' '), ...env } });
  await kairo.stop();
  return readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
}

const fromTools = (urls: string[]) => urls.filter((url) => url.startsWith(`file://${root}/tools/`));

describe('test doubles stay out of the product path', () => {
  it('a production start with real Strava and Google settings loads no module from tools/', { timeout: 120_000 }, async () => {
    const urls = await modulesLoadedBy('production', {
      NODE_ENV: 'production',
      STRAVA_CLIENT_ID: '12345',
      STRAVA_CLIENT_SECRET: 'a-real-looking-client-secret',
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'a-real-looking-google-secret',
    });
    expect(urls.some((url) => url.includes('/src/server/main.ts'))).toBe(true);
    expect(fromTools(urls)).toEqual([]);
  });

  it('demo mode loads the Strava simulator and the development sign-in', { timeout: 120_000 }, async () => {
    const urls = await modulesLoadedBy('demo', { NODE_ENV: 'development' });
    expect(fromTools(urls).some((url) => url.includes('/tools/strava-sim/'))).toBe(true);
    expect(fromTools(urls).some((url) => url.includes('/tools/fake-idp/'))).toBe(true);
  });
});
