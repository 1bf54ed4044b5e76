import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const features = resolve(import.meta.dirname, '../../src/web/features');
const SPECIFIER = /(?:from\s*|import\s*\(\s*)['"](\.[^'"]+)['"]/g;

/** Which web features each feature imports (through their index.ts: lint sees to that). */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const entry of readdirSync(features, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const from = relative(features, file).split(sep)[0]!;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = relative(features, resolve(dirname(file), specifier!)).split(sep);
      if (target[0] === '..' || target[0] === from) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(target[0]!));
    }
  }
  return graph;
}

/** One loop of features importing each other, as a path that ends where it starts; null when there is none. */
function findLoop(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const visit = (node: string, path: string[]): string[] | null => {
    if (path.includes(node)) return [...path.slice(path.indexOf(node)), node];
    if (done.has(node)) return null;
    for (const next of graph.get(node) ?? []) {
      const loop = visit(next, [...path, node]);
      if (loop) return loop;
    }
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const loop = visit(node, []);
    if (loop) return loop;
  }
  return null;
}

describe('web features (ADR 0045)', () => {
  it('finds the imports between features', () => {
    const graph = featureGraph();
    expect(graph.get('plans')).toContain('analysis');
    expect(graph.get('strava')).toContain('auth');
  });

  it('import each other without a loop, so each can be read from its dependencies up', () => {
    expect(findLoop(featureGraph())).toBeNull();
  });

  it('reports a loop when there is one', () => {
    const graph = new Map([
      ['auth', new Set(['strava'])],
      ['strava', new Set(['imports', 'auth'])],
    ]);
    expect(findLoop(graph)).toEqual(['auth', 'strava', 'auth']);
    expect(findLoop(new Map([['auth', new Set(['tracking'])]]))).toBeNull();
  });
});
