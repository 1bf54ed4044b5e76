import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import pinoPretty from 'pino-pretty';
import type { Config } from '../config.ts';
import { errorChain } from '../db/errors.ts';

/**
 * How Kairo logs. Production (and anything not writing to a terminal: a container, a log shipper)
 * gets one JSON object per line. Someone running `npm start` in a terminal gets short, coloured,
 * human lines instead. Either way a request is logged at debug, so the normal output is what an
 * operator must know (boot, faults, jobs deferred), not one line per click; `LOG_LEVEL=debug`
 * shows every request.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'env'>,
  output: NodeJS.WriteStream = process.stdout,
): NonNullable<FastifyServerOptions['logger']> {
  const base = {
    level: config.logLevel,
    // Query strings carry OAuth codes, states and verify tokens: log the path only.
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: pathOf(request.url),
        remoteAddress: request.ip,
      }),
      err: serializeError,
    },
    hooks: {
      // `log.error(error)` with no message would make the error's own message the line's: a failed
      // statement's is its SQL and every parameter. The message comes from the serializer instead.
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        const [first, ...rest] = args;
        if (!(first instanceof Error) || typeof rest[0] === 'string') return method.apply(this, args);
        return method.apply(this, [{ err: first }, serializeError(first).message, ...rest]);
      },
    },
  };
  if (config.env === 'production' || !output.isTTY) return base;
  return {
    ...base,
    stream: pinoPretty({
      destination: output,
      sync: true,
      colorize: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId,req,res,responseTimeMs',
      singleLine: true,
    }),
  };
}

/**
 * Fastify's request log lines, quieter: none when a request arrives, one debug line when it is
 * answered (an error still logs as an error), and unknown routes at debug too.
 */
export class KairoLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const responseTimeMs = Math.round(reply.elapsedTime * 10) / 10;
    reply.log.debug(
      { req: request, res: { statusCode: reply.statusCode }, responseTimeMs },
      `${request.method} ${pathOf(request.url)} ${reply.statusCode} ${responseTimeMs} ms`,
    );
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`no route for ${request.method} ${pathOf(request.url)}`);
  }
}

function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

/** How much of a failed statement's SQL a log line keeps: enough to know which statement it was. */
export const LOGGED_QUERY_CHARS = 300;
/** How much of any one error message a log line keeps. */
const LOGGED_MESSAGE_CHARS = 300;
/** A database error's fields that name what failed and where, never the values it failed on (unlike detail, where, internalQuery). */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;

const bounded = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, chars)}… (${text.length} characters)` : text);
const typeOf = (error: Error) => (typeof error.constructor === 'function' && error.constructor.name) || error.name;

/** The node-postgres or PGlite error (a SQLSTATE and a severity), or drizzle's wrapper of one: both carry the statement and its values. */
function isDatabaseError(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return error instanceof DrizzleQueryError || 'params' in error || (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && 'severity' in error);
}

/** A message fit for a log line: drizzle's is the whole SQL and every parameter, so only its first words are kept. */
const loggedMessage = (error: Error) => (error instanceof DrizzleQueryError ? 'Failed query' : bounded(error.message, LOGGED_MESSAGE_CHARS));

/**
 * The `err` of every log line (issue 27). A failed statement is logged by its SQLSTATE, the
 * database's own message, the constraint, table and column, the first 300 characters of its
 * SQL and the number of its parameters: never the parameters (a batch of wellness rows would make
 * a line of hundreds of KB holding health data), nor the database's detail ("Failing row contains
 * (…)"). Any other error is logged as pino's standard serializer does: type, message and stack
 * with those of its causes, and its own fields.
 */
export function serializeError(error: Error): SerializedError {
  // pino hands over whatever sits under `err`: anything but an Error is logged as it is.
  return serializeAny(error) as SerializedError;
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

function serializeAny(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const chain = errorChain(value);
  if (!chain.some(isDatabaseError)) return plainError(value, chain);
  const database = chain.find((error) => isDatabaseError(error) && !(error instanceof DrizzleQueryError));
  const statement = chain.find((error): error is Error & { query: unknown; params?: unknown } => 'query' in error && typeof error.query === 'string');
  const params = chain.map((error) => (error as { params?: unknown }).params).find(Array.isArray);
  const fields: Record<string, unknown> = {};
  for (const field of DATABASE_ERROR_FIELDS) {
    const fieldValue = (database as Record<string, unknown> | undefined)?.[field];
    if (typeof fieldValue === 'string') fields[field] = fieldValue;
  }
  const frames = (value.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type: typeOf(value),
    message: chain.map(loggedMessage).join(': '),
    stack: [`${typeOf(value)}: ${loggedMessage(value)}`, ...frames].join('\n'),
    ...fields,
    ...(statement ? { query: bounded(statement.query as string, LOGGED_QUERY_CHARS) } : {}),
    ...(params ? { paramCount: params.length } : {}),
  };
}

/** pino's standard form of an error: messages and stacks joined through the causes, its own fields beside them. */
function plainError(error: Error, chain: Error[]): SerializedError {
  const serialized: SerializedError = {
    type: typeOf(error),
    message: chain.map((link) => link.message).join(': '),
    stack: chain.map((link) => link.stack ?? '').join('\ncaused by: '),
  };
  if (error instanceof AggregateError) serialized.aggregateErrors = error.errors.map(serializeAny);
  for (const [key, field] of Object.entries(error)) {
    if (key === 'cause' || key in serialized) continue;
    serialized[key] = field instanceof Error ? serializeAny(field) : field;
  }
  return serialized;
}
