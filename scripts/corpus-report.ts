import { checkCorpus } from '../test/support/device-corpus.ts';
import { hasSharedFixtures, SHARED_FIXTURES_ABSENT } from '../test/support/shared-fixtures.ts';

/**
 * `node scripts/corpus-report.ts`: imports every device recording (the shared fixtures' devices/)
 * through Kairo and prints each figure outside the issue's tolerances against the independent
 * reference (test/corpus/reference/reference.json), then the counts within tolerance.
 */
if (!hasSharedFixtures) {
  console.log(`corpus report ${SHARED_FIXTURES_ABSENT}`);
  process.exit(1);
}
const checks = await checkCorpus();
for (const check of checks.filter((c) => !c.ok)) {
  console.log(`${check.file}#${check.leg} ${check.figure}: Kairo ${check.kairo}, reference ${check.expected}`);
}
const files = [...new Set(checks.map((check) => check.file))];
const cleanFiles = files.filter((file) => checks.every((check) => check.file !== file || check.ok));
console.log(`${checks.filter((check) => check.ok).length}/${checks.length} figures within tolerance`);
console.log(`${cleanFiles.length}/${files.length} files with every figure within tolerance`);
