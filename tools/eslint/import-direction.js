import { dirname, relative, resolve, sep } from 'node:path';
import { webZoneProblem } from './web-zones.js';

/**
 * Kairo's rule of direction (docs/architecture.md): `web` and `server` may import `shared` and
 * `metrics`; `metrics` imports nothing; `shared` imports only `shared` and `metrics`; a server
 * feature is reached only through its public face, `features/<name>/index.ts`, from another
 * feature and from the rest of the server (kairo.ts, http/, admin/, demo/). Test doubles in `tools/` stay out of the
 * product path: `src/` never imports them statically, and only `src/server/demo/` loads them, with a
 * dynamic `import()` that runs in demo mode alone. Inside `web`, the zones of web-zones.js apply.
 */
const root = resolve(import.meta.dirname, '../..');
/** The one file of a server feature that others may import. */
const PUBLIC_FACE = 'index.ts';

function layerOf(file) {
  const parts = relative(root, file).split(sep);
  if (parts[0] !== 'src') return null;
  if (parts[1] === 'server' && parts[2] === 'features' && parts[3]) return { layer: 'server', feature: parts[3], file: parts.slice(4).join('/') };
  return { layer: parts[1], feature: null, file: parts.slice(2).join('/') };
}

function isUnder(file, folder) {
  const parts = relative(root, file).split(sep);
  return parts[0] === folder;
}

const allowedLayers = {
  metrics: ['metrics'],
  shared: ['shared', 'metrics'],
  web: ['web', 'shared', 'metrics'],
  server: ['server', 'shared', 'metrics'],
};

export default {
  meta: {
    type: 'problem',
    docs: { description: 'enforce the import direction between metrics, shared, server, web and server features' },
    schema: [],
  },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    function check(node, source, dynamic = false) {
      if (typeof source !== 'string') return;
      if (source.startsWith('.') && isUnder(resolve(dirname(context.filename), source), 'tools')) {
        const fromDemo = from.layer === 'server' && from.file.startsWith('demo/');
        if (!dynamic || !fromDemo) {
          context.report({
            node,
            message: `src/ must not load test doubles from tools/ ('${source}'); demo wiring lives in src/server/demo/ and loads them with import().`,
          });
        }
        return;
      }
      if (!source.startsWith('.')) {
        if (from.layer === 'metrics') context.report({ node, message: `src/metrics must not import packages ('${source}').` });
        return;
      }
      const to = layerOf(resolve(dirname(context.filename), source));
      if (!to) return;
      const allowed = allowedLayers[from.layer] ?? [];
      if (!allowed.includes(to.layer)) {
        context.report({ node, message: `src/${from.layer} must not import src/${to.layer} ('${source}').` });
        return;
      }
      if (from.layer === 'web' && to.layer === 'web') {
        const problem = webZoneProblem(resolve(root, 'src/web'), context.filename, resolve(dirname(context.filename), source), source, dynamic);
        if (problem) context.report({ node, message: problem });
        return;
      }
      if (from.layer === 'server' && to.feature && from.feature !== to.feature && to.file !== PUBLIC_FACE) {
        const who = from.feature ? `Feature '${from.feature}'` : `src/server/${from.file}`;
        context.report({
          node,
          message: `${who} must not reach into feature '${to.feature}' internals ('${source}'); import its public face, features/${to.feature}/${PUBLIC_FACE}.`,
        });
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, true),
    };
  },
};
