import type { FastifyInstance } from 'fastify';
import { dataExportStatus } from '../../../shared/api/data-export.ts';
import { route } from '../../http/route.ts';
import { DOWNLOAD_PATH, type DataExportService } from './service.ts';

/** "Download my data": start, follow and download the signed-in account's export (session only, ADR 0078). */
export function registerDataExportRoutes(app: FastifyInstance, exports: DataExportService): void {
  const tags = ['auth'];

  route(app, {
    method: 'GET',
    url: '/api/account/export',
    summary: "The signed-in account's data export: its state, progress and, once ready, the one-time download link and its expiry",
    tags,
    auth: 'required',
    response: dataExportStatus,
    async handler({ account, reply }) {
      reply.header('cache-control', 'no-store');
      return exports.status(account.id);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/account/export',
    summary: 'Start building a zip of everything Kairo holds for the signed-in account; 409 while one is being built',
    tags,
    auth: 'required',
    response: dataExportStatus,
    status: 202,
    async handler({ account, reply }) {
      reply.header('cache-control', 'no-store');
      return exports.start(account.id);
    },
  });

  route(app, {
    method: 'GET',
    url: `${DOWNLOAD_PATH}/:token`,
    summary: 'The export zip, once: a second request answers 410, another account\'s link 404; failures answer { error, message }',
    tags,
    auth: 'required',
    errorField: true,
    async handler({ account, params, request, reply }) {
      const file = await exports.download(account.id, params.token ?? '', { peek: request.method === 'HEAD' });
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(file.byteSize))
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  });
}
