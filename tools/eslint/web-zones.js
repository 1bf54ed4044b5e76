import { relative, sep } from 'node:path';

/**
 * The web app's import zones (ADR 0045). `app/` composes routes from features; a feature uses `ui/`,
 * `lib/` and its own files, and another feature only through that feature's `index.ts`; `ui/` and
 * `lib/` know no feature and no route. A feature's internals stay private to its folder, so a
 * screen can be rebuilt without hunting for who reached into it.
 *
 * One exception keeps the bundle split (ADR 0033): `app/` may load a feature's screen file with a
 * dynamic `import()`, so the screen stays in a chunk of its own. A static import goes to index.ts.
 */
const allowedZones = {
  app: ['app', 'features', 'ui', 'lib'],
  features: ['features', 'ui', 'lib'],
  ui: ['ui', 'lib'],
  lib: ['lib'],
};

const advice = {
  app: 'app may use features, ui and lib.',
  features: "a feature uses ui, lib, shared and other features' index.ts; app composes the routes.",
  ui: 'ui uses only ui, lib and shared.',
  lib: 'lib uses only lib and shared.',
};

/** Where a file sits in src/web: its zone ('app', 'features', 'ui', 'lib'), the feature and the path inside it. */
export function webZoneOf(webRoot, file) {
  const parts = relative(webRoot, file).split(sep);
  if (parts[0] === 'features') return { zone: 'features', feature: parts[1] ?? null, inner: parts.slice(2).join('/') };
  return { zone: parts[0], feature: null, inner: parts.slice(1).join('/') };
}

/** The problem with an import from one web file to another, or null when the zones allow it. */
export function webZoneProblem(webRoot, fromFile, toFile, source, dynamic) {
  const from = webZoneOf(webRoot, fromFile);
  const to = webZoneOf(webRoot, toFile);
  const allowed = allowedZones[from.zone];
  if (!allowed) return null;
  if (!allowed.includes(to.zone)) {
    const where = from.zone === 'features' ? `web feature '${from.feature}'` : `web/${from.zone}`;
    return `${where} must not import web/${to.zone} ('${source}'); ${advice[from.zone]}`;
  }
  if (to.zone !== 'features' || from.feature === to.feature || to.inner === 'index.ts') return null;
  if (from.zone === 'app' && dynamic) return null;
  const who = from.zone === 'app' ? 'web/app' : `Web feature '${from.feature}'`;
  return `${who} must not reach into web feature '${to.feature}' internals ('${source}'); import its index.ts (add what you need to it).`;
}
