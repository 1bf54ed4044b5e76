import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Servers under test as child processes: their memory and CPU are theirs alone (benches), and
 * they can be killed like a crashed production process (recovery tests).
 */
export interface ServerProcess {
  pid: number;
  url: string;
  /** SIGTERM (a graceful shutdown), then SIGKILL if the process has not exited within 10 s. */
  stop(): Promise<void>;
  /** SIGKILL: the process dies at once, mid-request and mid-job, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** What the process printed so far, stdout and stderr. */
  output(): string;
  /** Resolves when the process has exited, with its exit code (null when a signal ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** A loopback port nothing listens on, picked by the operating system. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || !address) throw new Error('could not find a free port');
  return address.port;
}

/** Starts `node <script> <args>` and resolves once GET `readyPath` answers 200. */
export async function startServerProcess(options: {
  script: string;
  /** Flags for node itself, before the script (Kairo's server takes SERVER_NODE_FLAGS). */
  nodeFlags?: readonly string[];
  args?: string[];
  env: Record<string, string>;
  port: number;
  readyPath: string;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), options.script, ...(options.args ?? [])], {
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null }));
  const url = `http://127.0.0.1:${options.port}`;
  const running = () => child.exitCode === null && child.signalCode === null;

  const stop = async () => {
    if (!running()) return;
    child.kill('SIGTERM');
    const killTimer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(killTimer);
  };
  const kill = async () => {
    if (!running()) return;
    child.kill('SIGKILL');
    await exited;
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${options.script} exited with code ${child.exitCode} before it was ready:\n${output.trim()}`);
    }
    const ready = await fetch(`${url}${options.readyPath}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { pid: child.pid!, url, stop, kill, output: () => output, exited };
    await sleep(100);
  }
  await stop();
  throw new Error(`${options.script} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output.trim()}`);
}

/** Resident set size of a process from /proc (Linux); null where /proc is not available. */
export function readRssBytes(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kiB = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return kiB === undefined ? null : Number(kiB) * 1024;
  } catch {
    return null;
  }
}

/** Samples a process's RSS until stopped; stop() returns the largest value seen. */
export function sampleMaxRss(pid: number, intervalMs: number): { stop(): number | null } {
  let maxBytes: number | null = null;
  const sample = () => {
    const bytes = readRssBytes(pid);
    if (bytes !== null) maxBytes = Math.max(maxBytes ?? 0, bytes);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return maxBytes;
    },
  };
}
