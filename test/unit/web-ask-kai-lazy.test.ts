import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const web = resolve(import.meta.dirname, '../../src/web');
/** Static imports and re-exports only: `import(...)` is a split point the bundler loads on demand. */
const STATIC_SPECIFIER = /^\s*(?:import|export)\s[^;]*?\sfrom\s*['"](\.[^'"]+)['"]/gm;
const SIDE_EFFECT_IMPORT = /^\s*import\s*['"](\.[^'"]+)['"]/gm;

/** Every source file that loads with `entries`, following static imports transitively. */
function staticClosure(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/\.tsx?$/.test(file) || !existsSync(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const pattern of [STATIC_SPECIFIER, SIDE_EFFECT_IMPORT]) {
      for (const [, specifier] of source.matchAll(pattern)) visit(resolve(dirname(file), specifier!));
    }
  };
  entries.forEach((entry) => visit(resolve(web, entry)));
  return new Set([...seen].map((file) => relative(web, file)));
}

describe('Ask Kai loads when opened (issue 28)', () => {
  it('is not part of the first signed-in screen', () => {
    const home = staticClosure(['app/main.tsx', 'app/signed-in-home.tsx']);
    expect(home.has('features/activities/activity-header.tsx'), 'the walk reaches the activity page').toBe(true);
    expect([...home].filter((file) => file.startsWith('features/ask-kai/'))).toEqual([]);
  });

  it('is reached by the router through a dynamic import only', () => {
    const router = readFileSync(resolve(web, 'app/router.tsx'), 'utf8');
    expect(router).toMatch(/import\(['"]\.\.\/features\/ask-kai\/index\.ts['"]\)/);
    expect(staticClosure(['app/router.tsx']).has('features/ask-kai/index.ts')).toBe(false);
  });
});
