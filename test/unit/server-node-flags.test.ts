import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../src/server/heap.ts';

/**
 * ADR 0094: every start of the server gives node the same heap flags. `npm run dev` and the test
 * processes read SERVER_NODE_FLAGS; `npm start` and the Dockerfile cannot import it, so they are
 * held to it here.
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

  it('are those of `npm start`', () => {
    const scripts = (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const command = scripts.start!.split('&&').map((part) => part.trim()).find((part) => part.includes('scripts/start.ts'));
    expect(command).toBeDefined();
    expect(flagsBefore(command!.replace(/^exec /, '').split(/\s+/), 'scripts/start.ts')).toEqual(SERVER_NODE_FLAGS);
  });

  it("are those of the Dockerfile's CMD", () => {
    const cmd = readFileSync(resolve(root, 'Dockerfile'), 'utf8').split('\n').filter((line) => line.startsWith('CMD '));
    expect(cmd).toHaveLength(1);
    expect(flagsBefore(JSON.parse(cmd[0]!.slice(4)) as string[], 'src/server/main.ts')).toEqual(SERVER_NODE_FLAGS);
  });
});
