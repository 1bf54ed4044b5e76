import { defineConfig } from 'vitest/config';

/** Node flags of every test process (ADR 0100). */
const testProcessFlags = ['--no-wasm-code-gc'];

/**
 * Four tiers: unit (pure), integration (real server + real databases), security (one test per defect
 * found by probing Kairo as an attacker, plus a fuzz run over the JSON contracts), e2e (Chromium).
 */
export default defineConfig({
  test: {
    // The unit and browser tiers: a worker keeps its loaded modules for the next test file
    // (isolate: false): loading the server's module graph again for every file was a third of the
    // suite's time on 2 cores (unit tier 162 s → 54 s). Test files own their state (servers,
    // databases, spies restored after each test), so nothing leaks from one file to the next
    // through a module. The integration and security tiers open dozens of PGlite databases per
    // file (WebAssembly): kept in one process file after file, V8 crashed freeing their code
    // ("Check failed: jit_page_->allocations_.erase(addr) == 1", twice in one CI run), so each of
    // their files gets a fresh process. That crash was in V8 freeing WebAssembly code it had replaced
    // (ThreadIsolation::UnregisterWasmAllocation, once more in a fresh process at d852ad4): every test
    // process keeps its compiled WebAssembly instead (--no-wasm-code-gc, ADR 0100).
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          sequence: { groupOrder: 0 },
          setupFiles: ['test/support/fail-on-console-error.ts'],
          isolate: false,
          execArgv: testProcessFlags,
          // Time is the bench's to measure, never a test's: on a busy 2-core machine (load 10 and more)
          // the CPU-heavy cases (a 104-week plan's zip, the property runs, a worker pool) take several
          // times vitest's 5 s default without being wrong.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/pglite-snapshot-setup.ts'],
          sequence: { groupOrder: 1 },
          setupFiles: ['test/support/fail-on-console-error.ts'],
          isolate: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          execArgv: testProcessFlags,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'security',
          include: ['test/security/**/*.test.ts'],
          globalSetup: ['test/support/pglite-snapshot-setup.ts'],
          sequence: { groupOrder: 1 },
          setupFiles: ['test/support/fail-on-console-error.ts'],
          isolate: true,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          execArgv: testProcessFlags,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/support/build-web.ts', 'test/support/pglite-snapshot-setup.ts'],
          sequence: { groupOrder: 2 },
          setupFiles: ['test/support/fail-on-console-error.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          execArgv: testProcessFlags,
          maxWorkers: 2,
        },
      },
    ],
  },
});
