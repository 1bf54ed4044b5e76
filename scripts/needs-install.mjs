// Runs on any Node before Kairo's own scripts (which are TypeScript and need the Node 24 that
// `npm install` brings as a dev dependency): without it, say what to do instead of failing with
// ERR_UNKNOWN_FILE_EXTENSION on an older system Node.
// Plain JavaScript that any Node since 14 runs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const major = Number(process.versions.node.split('.')[0]);
if (!existsSync(join(root, 'node_modules', '.package-lock.json')) || major < 24) {
  const why = existsSync(join(root, 'node_modules')) ? `this is Node ${process.versions.node}, Kairo needs 24` : 'its dependencies are not installed';
  console.error(`Kairo cannot run yet: ${why}. Run \`npm install\` first (it brings Node 24 as a dev dependency), then this command again.`);
  process.exit(1);
}
