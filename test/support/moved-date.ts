/**
 * Loaded into every Node process of `npm run test:awkward -- --date …` through
 * `NODE_OPTIONS=--import=file:///…/moved-date.ts?offsetMs=<ms>` (child processes inherit it, and
 * worker threads that share the environment): JavaScript's clock reads that far ahead of the real
 * one, and keeps ticking. Kairo's file-reader threads start with an empty environment and keep the
 * real clock; they only decode and compute, and never read the time.
 *
 * Node's own clock is moved here and not by libfaketime because Playwright's driver, running in a
 * Node process under libfaketime, lost its pages (every browser test failed on its first locator),
 * while the same tests passed with only Chromium and PostgreSQL under libfaketime. Everything Kairo
 * and its tests read the time through — `Date.now()`, `new Date()`, PGlite's `now()` (WebAssembly
 * asks JavaScript's `Date.now()`) — sees the moved clock; timers and `performance.now()` stay on the
 * real monotonic clock, as they do under libfaketime.
 */
const offsetMs = Number(new URL(import.meta.url).searchParams.get('offsetMs') ?? 0);

if (Number.isFinite(offsetMs) && offsetMs !== 0 && !(globalThis.Date as { moved?: boolean }).moved) {
  const RealDate = globalThis.Date;
  const now = () => RealDate.now() + offsetMs;

  /**
   * `Date` with the moved "now": `new Date()` and `Date.now()` read it, `Date()` called as a function
   * prints it; every other form (`new Date(ms)`, `Date.parse`, `Date.UTC`) is the real `Date`'s. The
   * prototype is the real one, so `instanceof Date` holds for dates made before this ran or by Node
   * itself (a file's mtime), and a subclass of `Date` still constructs as its own class.
   */
  const MovedDate = function MovedDate(this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target) as Date;
  } as unknown as DateConstructor & { moved: boolean };
  Object.setPrototypeOf(MovedDate, RealDate);
  Object.defineProperties(MovedDate, {
    prototype: { value: RealDate.prototype, writable: false },
    now: { value: now, writable: true, configurable: true },
    moved: { value: true },
  });
  globalThis.Date = MovedDate;
}
