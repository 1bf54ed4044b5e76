import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The session cookie. Over HTTPS it is `__Host-` prefixed and Secure, so it is bound to this exact
 * origin; on plain-HTTP development it keeps the same flags minus Secure, which browsers require
 * for the prefix.
 */
export interface SessionCookie {
  name: string;
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, token: string, expiresAt: Date): void;
  clear(reply: FastifyReply): void;
}

export function sessionCookie(secure: boolean): SessionCookie {
  const name = secure ? '__Host-kairo_session' : 'kairo_session';
  const attributes = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
  return {
    name,
    read: (request) => request.cookies[name],
    set: (reply, token, expiresAt) => void reply.setCookie(name, token, { ...attributes, expires: expiresAt }),
    clear: (reply) => void reply.clearCookie(name, attributes),
  };
}
