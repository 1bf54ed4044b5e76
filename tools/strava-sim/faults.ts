/**
 * Injected trouble for clients to prove they cope: the next N matching requests fail with a
 * status (429 with Strava's body and headers, or a 5xx), or matching requests answer late.
 * Control routes are never affected.
 */
export interface FaultMatcher {
  /** Only requests with this method (any when omitted). */
  method?: string;
  /**
   * Only requests whose path below the simulator's mount point starts with this string, or
   * matches this expression, e.g. '/api/v3/activities/' or /\/streams$/.
   */
  path?: string | RegExp;
}

export interface StatusFault extends FaultMatcher {
  status: number;
  /** How many matching requests fail; 1 when omitted. */
  count?: number;
}

export interface LatencyFault extends FaultMatcher {
  delayMs: number;
  /** How many matching requests are delayed; every one until cleared when omitted. */
  count?: number;
}

interface Armed<T> {
  fault: T;
  remaining: number;
}

function matches(matcher: FaultMatcher, method: string, path: string): boolean {
  if (matcher.method && matcher.method.toUpperCase() !== method.toUpperCase()) return false;
  if (matcher.path === undefined) return true;
  return typeof matcher.path === 'string' ? path.startsWith(matcher.path) : matcher.path.test(path);
}

/** Takes one use of the first armed fault that matches; spent faults are dropped. */
function take<T extends FaultMatcher>(armed: Armed<T>[], method: string, path: string): T | null {
  const index = armed.findIndex((entry) => matches(entry.fault, method, path));
  const entry = armed[index];
  if (!entry) return null;
  entry.remaining -= 1;
  if (entry.remaining <= 0) armed.splice(index, 1);
  return entry.fault;
}

export class FaultInjector {
  private statusFaults: Armed<StatusFault>[] = [];
  private latencyFaults: Armed<LatencyFault>[] = [];

  failNext(fault: StatusFault): void {
    if (!Number.isInteger(fault.status) || fault.status < 400 || fault.status > 599) throw new Error(`Cannot inject status ${fault.status}`);
    this.statusFaults.push({ fault, remaining: fault.count ?? 1 });
  }

  delay(fault: LatencyFault): void {
    this.latencyFaults.push({ fault, remaining: fault.count ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.statusFaults = [];
    this.latencyFaults = [];
  }

  /** The status to fail this request with, if a fault is armed for it. */
  statusFor(method: string, path: string): number | null {
    return take(this.statusFaults, method, path)?.status ?? null;
  }

  /** How long to hold this request back, in milliseconds. */
  delayFor(method: string, path: string): number {
    return take(this.latencyFaults, method, path)?.delayMs ?? 0;
  }

  /** Faults still armed, for the control API. */
  pending(): { status: { fault: StatusFault; remaining: number }[]; latency: { fault: LatencyFault; remaining: number }[] } {
    return {
      status: this.statusFaults.map(({ fault, remaining }) => ({ fault, remaining })),
      latency: this.latencyFaults.map(({ fault, remaining }) => ({ fault, remaining })),
    };
  }
}
