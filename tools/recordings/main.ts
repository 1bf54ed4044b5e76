import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PRESETS, TRUTH_CONVENTIONS } from './index.ts';

/**
 * Writes every generated recording and a truth.json into a folder, to try the files in the app by
 * hand: `node tools/recordings/main.ts <out-dir> [start ISO time] [seed]`. The start defaults to a
 * fixed time (never the clock), so the same command writes the same bytes.
 */
const [outArg, startArg, seedArg] = process.argv.slice(2);
if (!outArg) {
  console.error('usage: node tools/recordings/main.ts <out-dir> [start, e.g. 2026-05-03T07:30:00Z] [seed]');
  process.exit(2);
}
const outDir = resolve(outArg);
const start = new Date(startArg ?? '2026-05-03T07:30:00Z');
if (Number.isNaN(start.getTime())) {
  console.error(`not a time: ${startArg}`);
  process.exit(2);
}
const seed = seedArg === undefined ? undefined : Number(seedArg);
mkdirSync(outDir, { recursive: true });
const truths: Record<string, unknown> = {};
for (const [name, preset] of Object.entries(PRESETS)) {
  const recording = preset.make(seed === undefined ? { start } : { start, seed });
  writeFileSync(join(outDir, recording.fileName), recording.bytes);
  truths[recording.fileName] = { preset: name, damaged: preset.damaged ?? false, ...recording.truth };
}
writeFileSync(join(outDir, 'truth.json'), `${JSON.stringify({ conventions: TRUTH_CONVENTIONS, files: truths }, null, 2)}\n`);
console.log(`${Object.keys(truths).length} recordings and truth.json written to ${outDir}`);
