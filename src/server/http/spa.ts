import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
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

/** Serves the built web app: hashed assets cached for a year, index.html always revalidated. */
export async function registerSpa(app: FastifyInstance): Promise<void> {
  const indexFile = join(webDistDir, 'index.html');
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
    root: webDistDir,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes(`${join('dist', 'web', 'assets')}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
  app.get('/', (_request, reply) => reply.sendSpa());
}
