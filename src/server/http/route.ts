import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routeScope, type RouteScope } from './route-scopes.ts';
import { AppError, notAuthenticated } from './errors.ts';
import type { SessionAccount } from './sessions.ts';

/**
 * A route is a contract (zod body/query/response, auth need) plus a thin handler. The same
 * declarations feed input parsing and the OpenAPI document, so the two cannot drift apart.
 * What a personal access token may do on a route is declared in one table beside the tokens
 * (route-scopes.ts, ADR 0074) and enforced here, for every route alike.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContext<Body, Query, Auth> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: Body;
  query: Query;
  params: Record<string, string>;
  account: Auth extends 'required' ? SessionAccount : SessionAccount | null;
}

export interface RouteSpec<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  A extends 'required' | 'optional',
> {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  auth: A;
  body?: B;
  query?: Q;
  response?: z.ZodType;
  /** Status of a successful answer (default 200). */
  status?: number;
  /** Failures answer `{ error, message }` rather than `{ message }` (a file download whose client reads `error`). */
  errorField?: boolean;
  handler(
    ctx: RouteContext<B extends z.ZodType ? z.output<B> : undefined, Q extends z.ZodType ? z.output<Q> : undefined, A>,
  ): Promise<unknown>;
}

export interface DocumentedRoute {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  auth: 'required' | 'optional';
  /** What a personal access token needs to call the route (ADR 0074). */
  scope: RouteScope;
  /** False for a write the scope table does not list: refused to tokens until it is declared. */
  scopeDeclared: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
  status: number;
}

export const documentedRoutes: DocumentedRoute[] = [];

/** Parses input with a schema; the first issue becomes the 400 message (spec §5 texts). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new AppError('bad_request', firstMessage(result.error.issues) ?? 'Invalid request');
}

/**
 * The message of the first issue. A union that matched no branch says only 'Invalid input', so its
 * message comes from the branch the input was meant for: one that knows every key given, and among
 * those the one with the fewest issues.
 */
function firstMessage(issues: readonly z.core.$ZodIssue[]): string | undefined {
  const issue = issues[0];
  if (issue?.code !== 'invalid_union' || issue.errors.length === 0) return issue?.message;
  const strayKeys = (branch: z.core.$ZodIssue[]) => (branch.some((entry) => entry.code === 'unrecognized_keys') ? 1 : 0);
  const [best] = [...issue.errors].sort((a, b) => strayKeys(a) - strayKeys(b) || a.length - b.length);
  return best ? firstMessage(best) : issue.message;
}

const uuidPathParam = z.object({ id: z.uuid() });

/**
 * The `:id` of a path when it is a UUID. Any other id cannot name a row, so it gets the same 404 as
 * an unknown one (and never reaches a uuid column, where it would be a database error).
 */
export function pathUuid(params: Record<string, string>, notFoundMessage: string): string {
  const parsed = uuidPathParam.safeParse(params);
  if (!parsed.success) throw new AppError('not_found', notFoundMessage);
  return parsed.data.id;
}

export function route<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, A extends 'required' | 'optional'>(
  app: FastifyInstance,
  spec: RouteSpec<B, Q, A>,
): void {
  const status = spec.status ?? 200;
  const { scope, declared: scopeDeclared } = routeScope(spec.method, spec.url);
  if (!documentedRoutes.some((r) => r.method === spec.method && r.url === spec.url)) {
    documentedRoutes.push({
      method: spec.method,
      url: spec.url,
      summary: spec.summary,
      tags: spec.tags,
      auth: spec.auth,
      scope,
      scopeDeclared,
      status,
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(spec.response ? { response: spec.response } : {}),
    });
  }
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.errorField ? { config: { errorField: true } } : {}),
    handler: async (request, reply) => {
      const account = request.apiToken ? tokenAccount(request.apiToken, scope, spec) : (request.auth?.account ?? null);
      if (spec.auth === 'required' && !account) throw notAuthenticated();
      const body = spec.body ? parseInput(spec.body, request.body) : undefined;
      const query = spec.query ? parseInput(spec.query, request.query) : undefined;
      const result = await spec.handler({
        request,
        reply,
        body,
        query,
        params: request.params as Record<string, string>,
        account,
      } as RouteContext<never, never, A>);
      if (reply.sent) return reply;
      // A handler may pick another success status (202 for queued work); otherwise the declared one.
      if (reply.statusCode === 200) reply.code(status);
      return result ?? null;
    },
  });
}

/** The account a token acts for on a route of this scope; 403 naming what the token lacks. */
function tokenAccount(token: NonNullable<FastifyRequest['apiToken']>, scope: RouteScope, spec: { method: Method; url: string }): SessionAccount {
  if (scope === 'session-only') {
    throw new AppError('forbidden', `${spec.method} ${spec.url} is for a signed-in browser only: an API token cannot call it`);
  }
  if (scope !== 'public' && !token.scopes.includes(scope)) {
    throw new AppError('forbidden', `This API token lacks the "${scope}" scope that ${spec.method} ${spec.url} needs`);
  }
  return token.account;
}
