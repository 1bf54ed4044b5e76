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
  testResults?: { name: string; startTime: number; endTime: number }[];
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
// CI has to stay well under 30 minutes on 2 cores: the slowest files, so a run's log says where its time went.
const files = (report.testResults ?? []).map((file) => ({ name: file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name, seconds: (file.endTime - file.startTime) / 1000 }));
if (files.length > 0) {
  const total = files.reduce((sum, file) => sum + file.seconds, 0);
  console.log(`\nSlowest test files (of ${files.length}, ${Math.round(total)} s in all, run 2 at a time):`);
  for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, 15)) console.log(`  ${file.seconds.toFixed(1).padStart(7)} s  ${file.name}`);
}
// The tests on real recordings need the shared fixtures beside the clone (ADR 0061): say once
// whether they ran, so a clone without them knows what its skips are.
console.log(sharedFixturesDir ? `\nReal recordings: ${sharedFixturesDir}` : `\nTests on real recordings ${SHARED_FIXTURES_ABSENT}.`);
console.log(`${report.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status ?? 1);
