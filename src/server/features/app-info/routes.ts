import type { FastifyInstance } from 'fastify';
import { appInfo, type AppInfo } from '../../../shared/api/app-info.ts';
import { route } from '../../http/route.ts';

/** The installation's public facts; they come from config and change only with a restart. */
export function registerAppInfoRoutes(app: FastifyInstance, info: AppInfo): void {
  route(app, {
    method: 'GET',
    url: '/api/app-info',
    summary: "This installation's public facts: the operator's feedback and social addresses",
    tags: ['app'],
    auth: 'optional',
    response: appInfo,
    handler: async () => info,
  });
}
