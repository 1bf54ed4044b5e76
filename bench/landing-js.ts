import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export type LandingJs =
  | { gzipBytes: number; files: { path: string; gzipBytes: number }[] }
  | { gzipBytes: null; reason: string };

const BUILD_TIMEOUT_MS = 120_000;

/**
 * The JavaScript a browser loads for the landing route: the entry scripts and modulepreloads that
 * index.html references, each gzip'd at level 9. The app is built fresh into a temporary directory,
 * so the figure always matches the source and dist/web (which a running server may serve) is left alone.
 */
export function measureLandingJs(root: string): LandingJs {
  const outDir = mkdtempSync(join(tmpdir(), 'kairo-bench-web-'));
  try {
    const build = spawnSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      { cwd: root, encoding: 'utf8', timeout: BUILD_TIMEOUT_MS },
    );
    if (build.status !== 0) {
      const detail = `${build.stderr}${build.stdout}`.trim().split('\n').find((line) => line.trim() !== '');
      return { gzipBytes: null, reason: `the web build failed${detail ? `: ${detail.trim()}` : ''}` };
    }
    const files = landingScripts(readFileSync(join(outDir, 'index.html'), 'utf8')).map((path) => ({
      path,
      gzipBytes: gzipSync(readFileSync(join(outDir, path)), { level: 9 }).length,
    }));
    return { gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0), files };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Local paths of `<script src>` and `<link rel="modulepreload" href>` in a built index.html. */
function landingScripts(html: string): string[] {
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const paths = new Set<string>();
  for (const [tag, element] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const isModulePreload = element === 'link' && (attribute(tag, 'rel') ?? '').split(/\s+/).includes('modulepreload');
    const path = element === 'script' ? attribute(tag, 'src') : isModulePreload ? attribute(tag, 'href') : undefined;
    // Scripts from other origins are not part of Kairo's bundle.
    if (path && !/^([a-z]+:)?\/\//i.test(path)) paths.add(path.replace(/^\//, ''));
  }
  return [...paths];
}
