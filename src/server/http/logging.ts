import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import type { Config } from '../config.ts';

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
