import type { FastifyInstance } from 'fastify';
import { athleticProfile } from '../../../shared/api/athletic-profile.ts';
import { route } from '../../http/route.ts';
import type { ProfileService } from './service.ts';

/** Spec §7 /api/profile: the athletic profile of the signed-in account. */
export function registerProfileRoutes(app: FastifyInstance, profile: ProfileService): void {
  const tags = ['profile'];
  route(app, {
    method: 'GET',
    url: '/api/profile',
    summary: 'The athletic profile; 404 until one was generated',
    tags,
    auth: 'required',
    response: athleticProfile,
    handler: ({ account }) => profile.get(account.id),
  });
  route(app, {
    method: 'POST',
    url: '/api/profile/generate',
    summary: "Writes the athletic profile from the last 30 activities (the first is free; again only on Pro)",
    tags,
    auth: 'required',
    response: athleticProfile,
    handler: ({ account }) => profile.generate(account.id),
  });
  route(app, {
    method: 'POST',
    url: '/api/profile/events',
    summary: 'Recommends event formats that fit the profile (bundled catalogue, no invented editions or links)',
    tags,
    auth: 'required',
    response: athleticProfile,
    handler: ({ account }) => profile.recommendEvents(account.id),
  });
}
