import type { FastifyInstance } from 'fastify';
import { athleteProfile, userSettings, userSettingsUpdate } from '../../../shared/api/settings.ts';
import { route } from '../../http/route.ts';
import type { SettingsService } from './service.ts';

export function registerSettingsRoutes(app: FastifyInstance, settings: SettingsService): void {
  const tags = ['settings'];
  route(app, {
    method: 'GET',
    url: '/api/user/settings',
    summary: "The athlete's settings and coaching profile (defaults until saved); the four-week cycle is moved on first",
    tags,
    auth: 'required',
    response: userSettings,
    handler: ({ account }) => settings.get(account.id),
  });
  route(app, {
    method: 'PUT',
    url: '/api/user/settings',
    summary: 'Saves the coaching style, the units, or the whole coaching profile; any invalid field saves nothing',
    tags,
    auth: 'required',
    body: userSettingsUpdate,
    response: userSettings,
    handler: ({ account, body }) => settings.update(account.id, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/athlete/profile',
    summary: "Name, weight, FTP and heart-rate zones from Strava when connected, else from the athlete's own activities",
    tags,
    auth: 'required',
    response: athleteProfile,
    handler: ({ account }) => settings.athleteProfile(account.id),
  });
}
