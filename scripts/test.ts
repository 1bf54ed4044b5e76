import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SHARED_FIXTURES_ABSENT, sharedFixturesDir } from '../test/support/shared-fixtures.ts';

/**
 * `npm test`: every tier (unit, integration on PGlite and PostgreSQL, e2e in Chromium) in one
 * Vitest run, closing with one plain line: `N passed, N failed, N skipped`. The e2e tier builds the
 * web app first when it is stale (test/e2e/support/build-web.ts).
 * Extra arguments go to Vitest, e.g. `npm test -- --project unit`.
 */
interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
}

const root = resolve(import.meta.dirname, '..');

const reportDir = mkdtempSync(join(tmpdir(), 'kairo-test-report-'));
const reportFile = join(reportDir, 'vitest.json');
const run = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);

let report: VitestJsonReport | undefined;
try {
  report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJsonReport;
} catch {
  report = undefined;
}
rmSync(reportDir, { recursive: true, force: true });

if (!report) {
  console.log('0 passed, 1 failed (the test run produced no report)');
  process.exit(run.status || 1);
}
// A suite that failed to load, or an error outside any test, counts as a failure even though no
// test failed: the run must never read as green.
let failed = report.numFailedTests + (report.numFailedTests === 0 ? report.numFailedTestSuites : 0);
if (run.status !== 0 && failed === 0) failed = 1;
const skipped = report.numPendingTests + report.numTodoTests;
// The tests on real recordings need the shared fixtures beside the clone (ADR 0061): say once
// whether they ran, so a clone without them knows what its skips are.
console.log(sharedFixturesDir ? `\nReal recordings: ${sharedFixturesDir}` : `\nTests on real recordings ${SHARED_FIXTURES_ABSENT}.`);
console.log(`${report.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status ?? 1);
