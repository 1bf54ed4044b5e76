import autocannon from 'autocannon';
import { runWrk, wrkAvailable } from './wrk.ts';

export interface LoadOptions {
  /** Several URLs: autocannon spreads the connections over them in turn (a round-robin balancer). */
  url: string | string[];
  headers?: Record<string, string>;
  /**
   * Requests take these headers (over `headers`) in turn, e.g. the cookies of many athletes, so
   * the load is spread over their accounts rather than one.
   */
  rotateHeaders?: Record<string, string>[];
  /**
   * Requests take these paths (with their query) in turn, each with every one of `rotateHeaders`
   * (whatever the two counts, every pair comes up), e.g. chart windows each athlete switches between.
   */
  rotatePaths?: string[];
  connections: number;
  /** The load generator (loadToolFor: autocannon unless KAIRO_LOAD_TOOL says wrk): runs compared with each other use the same one. */
  tool?: LoadTool;
  /** Untimed run first, so JIT compilation and connection pools are warm when measuring. */
  warmUpS: number;
  durationS: number;
}

export interface LoadResult {
  /**
   * What made the load (ADR 0096): autocannon, or wrk where KAIRO_LOAD_TOOL=wrk asks for it and
   * one URL is loaded.
   */
  tool: LoadTool;
  /** Requests answered per second over the run. */
  requestsPerS: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
}

export type LoadTool = 'wrk' | 'autocannon';

/**
 * The tool `measureLoad` uses: autocannon, unless KAIRO_LOAD_TOOL=wrk (or the options) ask for wrk
 * on a single URL (ADR 0096). autocannon stays the default, so every recorded figure keeps its meaning.
 */
export function loadToolFor(options: Pick<LoadOptions, 'url' | 'tool'>): LoadTool {
  const wanted = options.tool ?? (process.env.KAIRO_LOAD_TOOL === 'wrk' ? 'wrk' : 'autocannon');
  if (wanted === 'autocannon' || typeof options.url !== 'string') return 'autocannon';
  if (!wrkAvailable()) throw new Error('KAIRO_LOAD_TOOL=wrk, but wrk is not installed (apt-get install wrk)');
  return 'wrk';
}

export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  if (loadToolFor(options) === 'wrk') {
    const url = options.url as string;
    const run = (durationS: number) =>
      runWrk({
        url,
        headers: options.headers ?? {},
        rotateHeaders: options.rotateHeaders ?? [],
        rotatePaths: options.rotatePaths ?? [],
        connections: options.connections,
        durationS,
      });
    await run(options.warmUpS);
    return { tool: 'wrk', ...(await run(options.durationS)) };
  }
  let turn = 0;
  const rotate = options.rotateHeaders ?? [];
  const paths = options.rotatePaths ?? [];
  const requests =
    rotate.length || paths.length
      ? [
          {
            setupRequest: (request: autocannon.Request) => {
              const n = turn++;
              return {
                ...request,
                // Every headers with every path: the path moves on once each headers have had it.
                ...(paths.length ? { path: paths[Math.floor(n / Math.max(rotate.length, 1)) % paths.length] } : {}),
                headers: { ...request.headers, ...(rotate.length ? rotate[n % rotate.length] : {}) },
              };
            },
          },
        ]
      : undefined;
  const run = (durationS: number) =>
    // autocannon takes an array of URLs (connection i goes to url[i % n]); its types only say string.
    autocannon({ url: options.url as string, headers: options.headers, connections: options.connections, duration: durationS, ...(requests ? { requests } : {}) });
  await run(options.warmUpS);
  const result = await run(options.durationS);
  return {
    tool: 'autocannon',
    requestsPerS: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
