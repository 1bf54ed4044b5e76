import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/processes.ts';

/**
 * README command 1 as a user runs it: `npm start`. It lives in the e2e tier because that tier has
 * built the web app already, so the command starts at once. Its output is what a person reads
 * (the address, not one line per request), and stopping the command stops Kairo: npm passes
 * SIGTERM on to its script, and the script must be Kairo itself, not a shell that outlives it.
 */
const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'kairo-npm-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function portAccepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      done(true);
    });
    socket.on('error', () => done(false));
  });
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, limitMs = 60_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((wake) => setTimeout(wake, 100));
  }
}

describe('npm start', () => {
  it('logs the address without a line per request, and SIGTERM stops Kairo', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => npm.on('exit', (code) => done(code)));

    await waitFor(() => output.includes('Kairo is running at'), 'the start line');
    for (let i = 0; i < 5; i++) expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    await fetch(`http://127.0.0.1:${port}/api/no-such-route`);
    // Give the server a moment to write whatever it would log about those requests.
    await new Promise((wake) => setTimeout(wake, 300));

    const lines = output.trim().split('\n').filter((line) => line.startsWith('{'));
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.filter((message) => /request|healthz|no route/i.test(message))).toEqual([]);
    expect(messages.at(-1)).toMatch(/^Kairo is running at http:\/\/localhost:\d+/);

    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    await waitFor(async () => !(await portAccepts(port)), 'Kairo to stop listening', 15_000);
  });
});
