import { checkCorpus } from '../test/support/device-corpus.ts';

/**
 * `node scripts/corpus-report.ts`: imports every device recording (test/fixtures/devices) through
 * Kairo and prints each figure outside the tolerances against the independent reference
 * (test/fixtures/devices/reference/reference.json), then the counts within tolerance.
 */
const checks = await checkCorpus();
for (const check of checks.filter((c) => !c.ok)) {
  console.log(`${check.file}#${check.leg} ${check.figure}: Kairo ${check.kairo}, reference ${check.expected}`);
}
const files = [...new Set(checks.map((check) => check.file))];
const cleanFiles = files.filter((file) => checks.every((check) => check.file !== file || check.ok));
console.log(`${checks.filter((check) => check.ok).length}/${checks.length} figures within tolerance`);
console.log(`${cleanFiles.length}/${files.length} files with every figure within tolerance`);
