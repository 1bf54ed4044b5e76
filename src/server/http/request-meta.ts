import type { FastifyRequest } from 'fastify';

/** What a sign-in records about the request: for rate limits and the session's user agent. */
export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
