import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withToken } from '../../src/web/features/api-reference/token-request-interceptor.ts';

const web = resolve(import.meta.dirname, '../../src/web');
/** Static imports and re-exports only: `import(...)` is a split point the bundler loads on demand. */
const STATIC_SPECIFIER = /^\s*(?:import|export)\s[^;]*?\sfrom\s*['"]([^'"]+)['"]/gm;
const SIDE_EFFECT_IMPORT = /^\s*import\s*['"]([^'"]+)['"]/gm;

/** Every source file and package that loads with `entries`, following relative static imports transitively. */
function staticClosure(entries: readonly string[]): { files: Set<string>; packages: Set<string> } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/\.tsx?$/.test(file) || !existsSync(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const pattern of [STATIC_SPECIFIER, SIDE_EFFECT_IMPORT]) {
      for (const [, specifier] of source.matchAll(pattern)) {
        if (specifier!.startsWith('.')) visit(resolve(dirname(file), specifier!));
        else packages.add(specifier!);
      }
    }
  };
  entries.forEach((entry) => visit(resolve(web, entry)));
  return { files: new Set([...seen].map((file) => relative(web, file))), packages };
}

describe('calls tried on the API reference page (issue 31)', () => {
  it('carry the pasted token and no cookie', () => {
    const request = withToken({ headers: { accept: 'application/json' } }, '  kairo_pat_abc  ');
    expect(request.headers).toEqual({ accept: 'application/json', Authorization: 'Bearer kairo_pat_abc' });
    expect(request.credentials).toBe('omit');
  });

  it('carry no cookie even with no token, so the answer is what a script without one gets', () => {
    const request = withToken({}, '');
    expect(request.headers).toBeUndefined();
    expect(request.credentials).toBe('omit');
  });

  it('leave the fetch of the OpenAPI document itself alone', () => {
    const request = withToken({ loadSpec: true, headers: {} }, 'kairo_pat_abc');
    expect(request).toEqual({ loadSpec: true, headers: {} });
  });
});

describe('the API reference loads when opened (issue 31)', () => {
  it('is not part of the first signed-in screen, and neither is Swagger UI', () => {
    const home = staticClosure(['app/main.tsx', 'app/signed-in-home.tsx']);
    expect(home.files.has('features/activities/activity-header.tsx'), 'the walk reaches the activity page').toBe(true);
    expect([...home.files].filter((file) => file.startsWith('features/api-reference/'))).toEqual([]);
    expect([...home.packages].filter((name) => name.startsWith('swagger-ui'))).toEqual([]);
  });

  it('is reached by the router through a dynamic import only', () => {
    const router = readFileSync(resolve(web, 'app/router.tsx'), 'utf8');
    expect(router).toMatch(/import\(['"]\.\.\/features\/api-reference\/index\.ts['"]\)/);
    expect(staticClosure(['app/router.tsx']).files.has('features/api-reference/index.ts')).toBe(false);
  });
});
