import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyReply {
    /** Answers with the single-page app's index.html (client-side routing decides the screen). */
    sendSpa(): FastifyReply;
  }
}

export const webDistDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../dist/web');

/**
 * Serves the built web app: hashed assets cached for a year as immutable, index.html always
 * revalidated. The build leaves brotli and gzip copies beside each file (scripts/precompress.ts),
 * sent as the browser accepts them, so no static file is compressed per request.
 */
export async function registerSpa(app: FastifyInstance, distDir = webDistDir): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  // Only files under assets/ carry a content hash in their names; the rest keep their names across builds.
  const hashedDir = join(distDir, 'assets') + sep;
  const built = existsSync(indexFile);
  const indexHtml = built ? await readFile(indexFile) : null;

  app.decorateReply('sendSpa', function sendSpa() {
    if (!indexHtml) {
      return this.code(503)
        .type('text/plain; charset=utf-8')
        .send('The Kairo web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return this.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });

  if (!built) return;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('cache-control', path.startsWith(hashedDir) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  app.get('/', (_request, reply) => reply.sendSpa());
}
