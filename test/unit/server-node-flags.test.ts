import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../src/server/heap.ts';

/**
 * ADR 0094: every start of the server gives node the same heap flags, and (ADR 0095) the same
 * allocator settings in its environment. `npm run dev` and the test processes read
 * SERVER_NODE_FLAGS and SERVER_ENV; `npm start` and the Dockerfile cannot import them, so they are
 * held to them here.
 */
const root = resolve(import.meta.dirname, '../..');

/** The arguments node gets before the script it runs. */
function flagsBefore(args: readonly string[], script: string): string[] {
  const at = args.indexOf(script);
  expect(at, `${script} in ${JSON.stringify(args)}`).toBeGreaterThan(0);
  expect(args[0]).toBe('node');
  return args.slice(1, at);
}

describe('the flags the server starts with', () => {
  it('are a semi-space cap node accepts', () => {
    expect(SERVER_NODE_FLAGS).toEqual([expect.stringMatching(/^--max-semi-space-size=\d+$/)]);
  });

  it('are those of `npm start`, which sets the environment with env(1) before node starts', () => {
    const scripts = (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const command = scripts.start!.split('&&').map((part) => part.trim()).find((part) => part.includes('scripts/start.ts'));
    expect(command).toBeDefined();
    const [exec, env, ...rest] = command!.split(/\s+/);
    expect([exec, env]).toEqual(['exec', 'env']);
    const at = rest.indexOf('node');
    expect(Object.fromEntries(rest.slice(0, at).map((pair) => pair.split('=') as [string, string]))).toEqual(SERVER_ENV);
    expect(flagsBefore(rest.slice(at), 'scripts/start.ts')).toEqual(SERVER_NODE_FLAGS);
  });

  it("are those of the Dockerfile's CMD, with its ENV", () => {
    const lines = readFileSync(resolve(root, 'Dockerfile'), 'utf8').split('\n');
    const cmd = lines.filter((line) => line.startsWith('CMD '));
    expect(cmd).toHaveLength(1);
    expect(flagsBefore(JSON.parse(cmd[0]!.slice(4)) as string[], 'src/server/main.ts')).toEqual(SERVER_NODE_FLAGS);
    const env = lines.filter((line) => line.startsWith('ENV ')).flatMap((line) => line.slice(4).trim().split(/\s+/).map((pair) => pair.split('=') as [string, string]));
    expect(Object.fromEntries(env.filter(([name]) => name in SERVER_ENV))).toEqual(SERVER_ENV);
  });

  it('hold glibc to two malloc arenas', () => {
    expect(SERVER_ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
  });
});
