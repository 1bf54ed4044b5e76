import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_ACTIVITY_FILE_BYTES, MAX_ARCHIVE_BYTES, importResult, importStatus } from '../../../shared/api/imports.ts';
import { AppError } from '../../http/errors.ts';
import { storableText } from '../../http/stored-text.ts';
import { route } from '../../http/route.ts';
import type { ImportsService } from './service.ts';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Counts the upload as it streams to disk. Once its first bytes show it is not a zip, the 64 MB
 * limit of one activity file applies, and the upload is stopped the moment it passes it, rather
 * than after the whole body has arrived.
 */
function uploadLimit(fileName: string): { stream: Transform; isZip(): boolean } {
  let head = Buffer.alloc(0);
  let receivedBytes = 0;
  const isZip = () => head.length >= ZIP_MAGIC.length && ZIP_MAGIC.every((byte, index) => head[index] === byte);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      receivedBytes += chunk.length;
      if (head.length < ZIP_MAGIC.length) head = Buffer.concat([head, chunk.subarray(0, ZIP_MAGIC.length - head.length)]);
      const decided = head.length >= ZIP_MAGIC.length;
      if (decided && !isZip() && receivedBytes > MAX_ACTIVITY_FILE_BYTES) {
        callback(new AppError('payload_too_large', `${fileName} is larger than the 64 MB limit for one activity file`));
        return;
      }
      callback(null, chunk);
    },
  });
  return { stream, isZip };
}

const idParam = z.object({ id: z.uuid() });

/** The import a path names; anything but an id answers 404, as an import of another account does. */
function importId(params: unknown): string {
  const parsed = idParam.safeParse(params);
  if (!parsed.success) throw new AppError('not_found', 'Import not found');
  return parsed.data.id;
}

/**
 * POST /api/imports takes one file per request (multipart field `file`): an activity file is
 * imported at once; a Strava export archive is stored and imported by a job whose progress
 * GET /api/imports/{id} reports. The upload streams to a local file, so a large archive never sits
 * in memory; an archive then goes into the database part by part for its job (any instance's).
 */
export async function registerImportRoutes(app: FastifyInstance, deps: { imports: ImportsService; uploadDir: string }) {
  const { imports } = deps;
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { files: 1, fileSize: MAX_ARCHIVE_BYTES, fields: 5, fieldSize: 1024, parts: 6 },
    });

    route(scope, {
      method: 'POST',
      url: '/api/imports',
      summary: 'Import a FIT, GPX or TCX file (also gzipped) or a Strava export .zip (multipart field "file")',
      tags: ['imports'],
      auth: 'required',
      response: importResult,
      status: 201,
      async handler({ request, reply, account }) {
        if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Upload the file as multipart/form-data');
        // A declared length over the limit is refused before a byte of the body is read.
        const declaredBytes = Number(request.headers['content-length'] ?? 0);
        if (declaredBytes > MAX_ARCHIVE_BYTES + MULTIPART_OVERHEAD_BYTES) {
          reply.header('connection', 'close');
          throw new AppError('payload_too_large', 'The upload is larger than the 1 GB import limit');
        }
        const file = await request.file();
        if (!file) throw new AppError('bad_request', 'Choose a file to import');
        const fileName = storableText((file.filename || 'upload').slice(0, 200));
        await mkdir(deps.uploadDir, { recursive: true, mode: 0o700 });
        const path = join(deps.uploadDir, `upload-${randomBytes(8).toString('hex')}`);
        const limit = uploadLimit(fileName);
        try {
          try {
            await pipeline(file.file, limit.stream, createWriteStream(path, { mode: 0o600 }));
          } catch (error) {
            if (error instanceof AppError) reply.header('connection', 'close');
            throw error;
          }
          if (file.file.truncated) throw new AppError('payload_too_large', `${fileName} is larger than the 1 GB import limit`);
          if (limit.isZip()) {
            const started = await imports.startArchiveImport(account.id, fileName, path);
            reply.code(202);
            return started;
          }
          return await imports.importFile(account.id, fileName, await readFile(path));
        } finally {
          await rm(path, { force: true });
        }
      },
    });

    route(scope, {
      method: 'GET',
      url: '/api/imports/:id',
      summary: 'Progress of an import',
      tags: ['imports'],
      auth: 'required',
      response: importStatus,
      handler: async ({ account, params }) => imports.status(account.id, importId(params)),
    });

    route(scope, {
      method: 'POST',
      url: '/api/imports/:id/cancel',
      summary: 'Cancel an archive import: it stops after the activity in hand; what came in stays',
      tags: ['imports'],
      auth: 'required',
      response: importStatus,
      handler: async ({ account, params }) => imports.cancel(account.id, importId(params)),
    });

    route(scope, {
      method: 'GET',
      url: '/api/imports',
      summary: 'The latest imports of the signed-in athlete',
      tags: ['imports'],
      auth: 'required',
      response: z.array(importStatus),
      handler: ({ account }) => imports.recent(account.id),
    });
  });
}
