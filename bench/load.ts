import autocannon from 'autocannon';

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
   * Requests take these paths (with their query) in turn, independently of `rotateHeaders`, e.g.
   * chart windows an athlete switches between.
   */
  rotatePaths?: string[];
  connections: number;
  /** Untimed run first, so JIT compilation and connection pools are warm when measuring. */
  warmUpS: number;
  durationS: number;
}

export interface LoadResult {
  /** Mean of autocannon's per-second request counts. */
  requestsPerS: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
}

export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
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
                ...(paths.length ? { path: paths[n % paths.length] } : {}),
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
    requestsPerS: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
