import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const builtIndex = join(root, 'dist/web/index.html');
const webInputs = ['src/web', 'src/shared', 'vite.config.ts', 'scripts/precompress.ts', 'scripts/prerender-landing.ts', 'package-lock.json'];

function newestMtimeMs(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtimeMs(join(path, entry))), stat.mtimeMs);
}

/** Builds the web app when dist/web is missing or older than any of its inputs. */
export function buildWebIfStale(): void {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const changedAt = Math.max(...webInputs.map((input) => newestMtimeMs(join(root, input))));
  if (builtAt >= changedAt) return;
  console.log('Building the web app…');
  // A production build whoever asks: Vitest, for one, sets NODE_ENV=test, with which Vite would
  // bundle React's development build (double effects under StrictMode, dev-only warnings).
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.log('The web app build failed.');
    process.exit(result.status ?? 1);
  }
}
