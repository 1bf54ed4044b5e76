import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Compressed size of the JavaScript one screen loads, as the server sends it (brotli) and as gzip. */
export interface ScreenJs {
  brotliBytes: number;
  gzipBytes: number;
  files: { path: string; brotliBytes: number; gzipBytes: number }[];
}

export type WebJs = { landing: ScreenJs; signedInHome: ScreenJs } | { landing: null; signedInHome: null; reason: string };

/** The React app, which the page's entry loads unless a signed-out visitor is on the landing page (ADR 0054). */
const APP_MODULE = 'app/main.tsx';
/** The module behind Home for a signed-in athlete: the first screen after signing in. */
const SIGNED_IN_HOME_MODULE = 'app/signed-in-home.tsx';

const BUILD_TIMEOUT_MS = 120_000;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The JavaScript a browser loads for the landing page (the entry and its static imports: the
 * landing page itself is HTML rendered at build time) and for the first signed-in screen (that
 * plus the app, Home's lazily loaded chunk and their static imports). Sizes
 * are of the brotli and gzip copies the build writes and the server sends. The app is built fresh
 * into a temporary directory, so the figure always matches the source and dist/web (which a
 * running server may serve) is left alone.
 */
export function measureWebJs(root: string): WebJs {
  const outDir = mkdtempSync(join(tmpdir(), 'kairo-bench-web-'));
  try {
    const build = spawnSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'],
      { cwd: root, encoding: 'utf8', timeout: BUILD_TIMEOUT_MS, env: { ...process.env, NODE_ENV: 'production' } },
    );
    if (build.status !== 0) {
      const detail = `${build.stderr}${build.stdout}`.trim().split('\n').find((line) => line.trim() !== '');
      const reason = `the web build failed${detail ? `: ${detail.trim()}` : ''}`;
      return { landing: null, signedInHome: null, reason };
    }
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
    const landing = staticClosure(manifest, entries);
    const signedIn = new Set([...landing, ...staticClosure(manifest, [APP_MODULE, SIGNED_IN_HOME_MODULE])]);
    return { landing: measure(outDir, manifest, landing), signedInHome: measure(outDir, manifest, signedIn) };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The chunks the given ones import statically, transitively: what loads before they can run. */
function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The web build has no chunk for ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

function measure(outDir: string, manifest: Manifest, keys: Set<string>): ScreenJs {
  const files = [...keys]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'))
    .map((path) => {
      const content = readFileSync(join(outDir, path));
      return {
        path,
        brotliBytes: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length,
        gzipBytes: gzipSync(content, { level: 9 }).length,
      };
    });
  const sum = (pick: (file: (typeof files)[number]) => number) => files.reduce((total, file) => total + pick(file), 0);
  return { brotliBytes: sum((file) => file.brotliBytes), gzipBytes: sum((file) => file.gzipBytes), files };
}
