import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * wrk (a load generator written in C, Debian's package `wrk`) driving one URL, as bench/load.ts
 * asks for: headers over the base ones in turn, paths in turn. Its client costs a fraction of
 * autocannon's CPU on answers of hundreds of kilobytes, which autocannon decodes into text
 * (ADR 0096), so on a 2-core machine the server, not the load generator, is what is measured.
 */
export interface WrkRun {
  url: string;
  headers: Record<string, string>;
  rotateHeaders: Record<string, string>[];
  rotatePaths: string[];
  connections: number;
  durationS: number;
}

export interface WrkResult {
  requests: number;
  requestsPerS: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Answers outside 200–399, as wrk counts them. */
  non2xx: number;
  /** Connect, read and write errors and timeouts. */
  errors: number;
}

/** Threads of wrk: two share the connections, as the bench's machine has two cores. */
const WRK_THREADS = 2;
/** As autocannon's default: a request not answered within it counts as an error. */
const WRK_TIMEOUT_S = 10;
const RESULT_MARK = 'KAIRO_WRK_RESULT ';

let available: boolean | undefined;

/** Whether `wrk` runs on this machine (checked once). */
export function wrkAvailable(): boolean {
  if (available === undefined) {
    try {
      execFileSync('wrk', ['--version'], { stdio: 'ignore' });
      available = true;
    } catch (error) {
      // wrk --version prints its usage and exits 1: it is there; only a missing program is not.
      available = (error as NodeJS.ErrnoException).code !== 'ENOENT';
    }
  }
  return available;
}

export async function runWrk(run: WrkRun): Promise<WrkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'kairo-wrk-'));
  try {
    const script = join(dir, 'requests.lua');
    writeFileSync(script, wrkScript(run));
    const connections = Math.max(run.connections, WRK_THREADS);
    const args = ['-t', String(WRK_THREADS), '-c', String(connections), '-d', `${run.durationS}s`, '--timeout', `${WRK_TIMEOUT_S}s`, '-s', script, run.url];
    const output = await new Promise<string>((resolve, reject) => {
      execFile('wrk', args, { maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
        if (error) reject(new Error(`wrk failed: ${error.message}\n${stderr}`));
        else resolve(stdout);
      });
    });
    const line = output.split('\n').find((text) => text.startsWith(RESULT_MARK));
    if (!line) throw new Error(`wrk printed no result:\n${output}`);
    return JSON.parse(line.slice(RESULT_MARK.length)) as WrkResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The Lua script wrk runs: each thread takes the next headers for each request, and the next path
 * once every headers have had the path (threads keep their own turn, as autocannon's connections
 * do), so every pair comes up whatever the two counts; `done` prints the figures as
 * one line of JSON, latencies from wrk's histogram in microseconds.
 */
export function wrkScript(run: Pick<WrkRun, 'headers' | 'rotateHeaders' | 'rotatePaths'>): string {
  const table = (entries: Record<string, string>) =>
    `{ ${Object.entries(entries)
      .map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
      .join(', ')} }`;
  // Each turn's headers merged here once, so wrk's request function only indexes them.
  const turns = run.rotateHeaders.length ? run.rotateHeaders.map((rotate) => ({ ...run.headers, ...rotate })) : [run.headers];
  return `local headers = { ${turns.map(table).join(', ')} }
local paths = { ${run.rotatePaths.map(luaString).join(', ')} }
local turn = 0

request = function()
  turn = turn + 1
  local path = nil
  if #paths > 0 then path = paths[math.floor((turn - 1) / #headers) % #paths + 1] end
  return wrk.format("GET", path, headers[(turn - 1) % #headers + 1])
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('${RESULT_MARK}{"requests":%d,"requestsPerS":%.1f,"latencyP50Ms":%.2f,"latencyP99Ms":%.2f,"non2xx":%d,"errors":%d}\\n',
    summary.requests, summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    e.status, e.connect + e.read + e.write + e.timeout))
end
`;
}

/** A Lua string literal of `text`: quotes, backslashes and control characters escaped as decimal bytes. */
export function luaString(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString().padStart(3, '0')}`;
    else out += char;
  }
  return `${out}"`;
}
