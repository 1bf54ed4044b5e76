import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../src/server/heap.ts';

/**
 * `npm run dev`: the API server restarted on change (node --watch) and Vite's dev server with hot
 * reload, which proxies /api to the server. Open the address Vite prints.
 */
const root = resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [
  spawn(process.execPath, [...SERVER_NODE_FLAGS, '--watch-path=src/server', '--watch-path=src/shared', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV },
    stdio: 'inherit',
  }),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], { cwd: root, stdio: 'inherit' }),
];

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
