import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

/**
 * `npm run container-check`: the Dockerfile's build and start, without Docker. These machines have
 * the Docker client but no engine, so this script reads the Dockerfile and carries out its
 * instructions itself: each stage in its own folder standing in for the image's filesystem, every
 * COPY and RUN as written (the same commands, production dependencies only in the runtime stage),
 * then the runtime stage's CMD as its unprivileged USER, until its HEALTHCHECK passes (/readyz);
 * then SIGTERM, which must stop it cleanly. The base image is stood in for by the Node 24 running
 * this script. What it cannot check: the base image itself, layer caching, the image's size.
 */
const root = resolve(import.meta.dirname, '..');

interface Stage {
  name: string;
  dir: string;
  workdir: string;
  env: Record<string, string>;
  user: string | undefined;
  cmd: string[] | undefined;
  healthcheck: string[] | undefined;
}

function instructions(dockerfile: string): Array<{ op: string; args: string }> {
  const joined = dockerfile.replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const space = line.indexOf(' ');
      return { op: line.slice(0, space).toUpperCase(), args: line.slice(space + 1).trim() };
    });
}

function execForm(text: string): string[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) throw new Error(`not an exec-form command: ${text}`);
  return parsed;
}

function ignoredByDocker(): Set<string> {
  const file = join(root, '.dockerignore');
  return new Set(existsSync(file) ? readFileSync(file, 'utf8').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#')) : []);
}

function run(command: string, options: { cwd: string; env: Record<string, string> }): void {
  console.log(`  RUN ${command}`);
  const result = spawnSync('sh', ['-c', command], { cwd: options.cwd, env: options.env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`RUN failed (exit ${result.status}): ${command}`);
}

function ensureUser(name: string): void {
  if (spawnSync('id', ['-u', name]).status === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`user '${name}' does not exist, and only root can create it`);
  const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', name], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error(`could not create user '${name}'`);
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'kairo-container-'));
  chmodSync(scratch, 0o755);
  // The base image's Node: this script's own (Node 24), copied where the unprivileged user can run it.
  const binDir = join(scratch, 'bin');
  mkdirSync(binDir);
  copyFileSync(process.execPath, join(binDir, 'node'));
  chmodSync(join(binDir, 'node'), 0o755);
  const basePath = `${binDir}:${process.env.PATH ?? ''}`;
  const ignored = ignoredByDocker();
  const stages: Stage[] = [];
  let stage: Stage | undefined;
  const inStage = (target: Stage, path: string) => join(target.dir, isAbsolute(path) ? path : join(target.workdir, path));

  try {
    const steps = instructions(readFileSync(join(root, 'Dockerfile'), 'utf8'));
    // The base image has its `node` user; this machine may not.
    for (const { op, args } of steps) if (op === 'USER' && args !== 'root') ensureUser(args);
    for (const { op, args } of steps) {
      if (op === 'FROM') {
        const [image, as, name] = args.split(/\s+/);
        if (!image?.startsWith('node:24')) throw new Error(`this check stands in for node:24 images only, not ${image}`);
        const stageName = as?.toUpperCase() === 'AS' && name ? name : `stage${stages.length}`;
        stage = { name: stageName, dir: join(scratch, stageName), workdir: '/', env: {}, user: undefined, cmd: undefined, healthcheck: undefined };
        mkdirSync(stage.dir, { recursive: true });
        stages.push(stage);
        console.log(`FROM ${image} AS ${stageName}`);
        continue;
      }
      if (!stage) throw new Error(`${op} before FROM`);
      const current: Stage = stage;
      switch (op) {
        case 'WORKDIR':
          current.workdir = args;
          mkdirSync(inStage(current, '.'), { recursive: true });
          break;
        case 'ENV':
          for (const pair of args.match(/\S+=("[^"]*"|\S+)/g) ?? []) {
            const [key, ...value] = pair.split('=');
            current.env[key!] = value.join('=').replace(/^"|"$/g, '');
          }
          break;
        case 'COPY': {
          const parts = args.split(/\s+/);
          const fromName = parts[0]?.startsWith('--from=') ? parts.shift()!.slice('--from='.length) : undefined;
          const from = fromName === undefined ? undefined : stages.find((candidate) => candidate.name === fromName);
          if (fromName !== undefined && !from) throw new Error(`COPY --from=${fromName}: no such stage`);
          const target = inStage(current, parts.pop()!);
          for (const source of parts) {
            const origin = from ? inStage(from, source) : join(root, source);
            if (!existsSync(origin)) throw new Error(`COPY: ${source} does not exist`);
            const destination = target.endsWith('/') || parts.length > 1 ? join(target, basename(source)) : target;
            mkdirSync(dirname(destination), { recursive: true });
            cpSync(origin, destination, {
              recursive: true,
              filter: (path) => from !== undefined || !ignored.has(path.slice(root.length + 1).split('/')[0] ?? ''),
            });
          }
          console.log(`  COPY ${args}`);
          break;
        }
        case 'RUN':
          if (args.includes(' /')) throw new Error(`RUN with an absolute path cannot be checked here: ${args}`);
          run(args, { cwd: inStage(current, '.'), env: { ...process.env, PATH: basePath, ...current.env } as Record<string, string> });
          break;
        case 'USER':
          current.user = args;
          break;
        case 'CMD':
          current.cmd = execForm(args);
          break;
        case 'HEALTHCHECK':
          current.healthcheck = execForm(args.slice(args.indexOf('CMD ') + 4));
          break;
        case 'EXPOSE':
          break;
        default:
          throw new Error(`instruction ${op} is not understood by this check`);
      }
    }

    const runtime = stages.at(-1)!;
    if (!runtime.cmd || !runtime.healthcheck) throw new Error('the last stage needs a CMD and a HEALTHCHECK');
    if (!runtime.user || runtime.user === 'root') throw new Error('the runtime stage must run as an unprivileged USER');
    // Paths the image's settings name (DATA_DIR=/app/data) live in the stage's folder here.
    const env: Record<string, string> = { PATH: basePath };
    for (const [key, value] of Object.entries(runtime.env)) env[key] = value.startsWith('/') ? join(runtime.dir, value) : value;
    env.PORT = String(await freePort());
    env.HOST = '127.0.0.1';
    const uid = Number(spawnSync('id', ['-u', runtime.user]).stdout.toString());
    const gid = Number(spawnSync('id', ['-g', runtime.user]).stdout.toString());
    const asUser = { cwd: inStage(runtime, '.'), env, uid, gid };

    console.log(`CMD ${JSON.stringify(runtime.cmd)} as ${runtime.user}, port ${env.PORT}`);
    const [program, ...programArgs] = runtime.cmd;
    const server = spawn(program!, programArgs, { ...asUser, stdio: ['ignore', 'inherit', 'inherit'] });
    const exited = new Promise<number | null>((done) => server.on('exit', (code) => done(code)));
    const deadline = Date.now() + 90_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline && server.exitCode === null) {
      const [checkProgram, ...checkArgs] = runtime.healthcheck;
      healthy = spawnSync(checkProgram!, checkArgs, asUser).status === 0;
      if (!healthy) await new Promise((wake) => setTimeout(wake, 1_000));
    }
    if (!healthy) {
      server.kill('SIGKILL');
      throw new Error('the HEALTHCHECK (/readyz) never passed');
    }
    console.log('HEALTHCHECK passed: /readyz answers 200');
    server.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), 20_000))]);
    if (code !== 0) throw new Error(`after SIGTERM the server ended with ${code}`);
    const sizeMb = Number(spawnSync('du', ['-sm', runtime.dir]).stdout.toString().split('\t')[0]);
    console.log(`Container check passed: built, started as '${runtime.user}', healthy, stopped cleanly; runtime stage ${sizeMb} MB besides the base image.`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(`Container check failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
