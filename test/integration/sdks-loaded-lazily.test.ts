import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startKairoProcess } from '../support/kairo-process.ts';

/**
 * ADR 0094: the AI SDK is loaded only where a language model is configured. A Kairo without
 * AI_PROVIDER (the default, and every demo) starts without it; with one, it loads it at start.
 * The MCP SDK waits for the first /mcp request (mcp.test.ts has the server answer).
 */
const hook = resolve(import.meta.dirname, '../support/record-resolved-modules.ts');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Starts Kairo on PGlite until /readyz answers, stops it, and returns the URLs of every module it resolved. */
async function modulesResolvedAtStart(env: Record<string, string>): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), 'kairo-ai-lazy-'));
  folders.push(folder);
  const log = join(folder, 'resolved.txt');
  const kairo = await startKairoProcess({ dataDir: join(folder, 'data'), nodeFlags: ['--import', hook], env: { KAIRO_TEST_RESOLVED_LOG: log, ...env } });
  await kairo.stop();
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

const isAiSdk = (url: string) => /\/node_modules\/(ai|@ai-sdk\/[^/]+)\//.test(url);
const isMcpSdk = (url: string) => url.includes('/node_modules/@modelcontextprotocol/sdk/');

describe('the AI and MCP SDKs', () => {
  it('are not loaded by the start of a Kairo without a language model', async () => {
    const resolved = await modulesResolvedAtStart({});
    // The hook saw the server's own modules, so an absent package is absent, not unseen.
    expect(resolved.some((url) => url.endsWith('/src/server/kairo.ts'))).toBe(true);
    expect(resolved.some((url) => url.endsWith('/src/server/features/mcp/routes.ts'))).toBe(true);
    expect(resolved.filter(isAiSdk)).toEqual([]);
    expect(resolved.filter(isMcpSdk)).toEqual([]);
  });

  it('load the AI SDK at start when a language model is configured', async () => {
    const resolved = await modulesResolvedAtStart({
      AI_PROVIDER: 'openai-compatible',
      AI_MODEL: 'local-model',
      // Never called: the model is only made at start, nothing asks it.
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
    });
    expect(resolved.some((url) => url.includes('/node_modules/ai/'))).toBe(true);
    expect(resolved.some((url) => url.includes('/node_modules/@ai-sdk/openai-compatible/'))).toBe(true);
  });
});
