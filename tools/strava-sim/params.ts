import type { FastifyRequest } from 'fastify';
import { badRequest, notFound } from './errors.ts';

/**
 * Request parameters the way Strava reads them: from the query string, a form body or a JSON
 * body alike (clients send OAuth and push-subscription parameters in any of the three).
 */
export type Params = Record<string, string | undefined>;

export function requestParams(request: FastifyRequest): Params {
  const params: Params = {};
  const collect = (source: unknown) => {
    if (!source || typeof source !== 'object') return;
    for (const [key, value] of Object.entries(source)) {
      if (typeof value === 'string') params[key] = value;
      else if (typeof value === 'number' || typeof value === 'boolean') params[key] = String(value);
      else if (Array.isArray(value)) params[key] = value.map(String).join(',');
    }
  };
  collect(request.query);
  collect(request.body);
  return params;
}

/** An optional integer parameter; anything but digits is Strava's 400 for that field. */
export function integerParam(params: Params, field: string, resource = 'Application'): number | undefined {
  const raw = params[field];
  if (raw === undefined || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw.trim())) throw badRequest(resource, field, 'invalid');
  return Number(raw.trim());
}

export function requiredParam(params: Params, field: string, resource: string): string {
  const value = params[field];
  if (value === undefined || value === '') throw badRequest(resource, field, 'missing');
  return value;
}

export function booleanParam(params: Params, field: string): boolean | undefined {
  const raw = params[field];
  if (raw === undefined || raw === '') return undefined;
  return raw === 'true' || raw === '1';
}

/** The numeric id in a route's `:id` parameter; Strava answers 404 for one that is not a number. */
export function idParam(request: FastifyRequest, resource: string): number {
  const raw = (request.params as Record<string, string | undefined>).id ?? '';
  if (!/^\d+$/.test(raw)) throw notFound(resource);
  return Number(raw);
}
