import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images and fonts here are already compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` and `file.gz` next to every compressible file under `dir` (at maximum quality:
 * this runs once at build time, so the server never compresses a static file per request).
 * Returns the paths it compressed, relative to `dir`.
 */
export function precompressDirectory(dir: string): string[] {
  const written: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(dir, relative))) {
      const path = join(relative, entry);
      const full = join(dir, path);
      if (statSync(full).isDirectory()) {
        walk(path);
        continue;
      }
      if (!COMPRESSIBLE.test(entry)) continue;
      const content = readFileSync(full);
      if (content.length < MIN_BYTES) continue;
      writeFileSync(
        `${full}.br`,
        brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        }),
      );
      writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
      written.push(path);
    }
  };
  walk('');
  return written;
}

/** The Vite build step that leaves brotli and gzip copies beside the built files. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'kairo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      precompressDirectory(outDir);
    },
  };
}
