import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for every state-changing request: a browser that says the
 * request is cross-site (Sec-Fetch-Site) or comes from another origin (Origin) is refused, one
 * that says it is same-origin is let through.
 * Requests without either header come from non-browser clients, which hold no victim's cookie.
 * It runs for every request whatever its path: a path check could be dodged by spelling the path
 * another way the router still accepts (`/%61pi/…`).
 */
export function checkRequestOrigin(request: FastifyRequest, publicUrl: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') throw forbidden();
  // The browser's own word that the request comes from this origin. It is what to go by when a
  // page's Referrer-Policy is no-referrer: its form posts then carry `Origin: null`.
  if (fetchSite === 'same-origin') return;
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (origin === publicUrl) return;
  const host = request.headers.host;
  if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
  throw forbidden();
}

const forbidden = () => new AppError('forbidden', 'Cross-site request refused');
