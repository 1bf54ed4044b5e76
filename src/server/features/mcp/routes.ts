import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, type BearerAuthenticator } from '../../http/bearer.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionAccount } from '../../http/sessions.ts';
import type { McpService } from './service.ts';

export const MCP_PATH = '/mcp';
export const MCP_SCOPE = 'read';
export const MCP_TOKEN_REQUIRED = 'The MCP server needs a personal access token: send it as `Authorization: Bearer <token>` (Settings → API access)';
export const MCP_SCOPE_MISSING = `This API token lacks the "${MCP_SCOPE}" scope that ${MCP_PATH} needs`;

/**
 * The account of an /mcp request: a personal access token with the `read` scope, and nothing else
 * (no cookie session: an assistant is a script, ADR 0077). 401 without a valid token, 403 without
 * the scope; the token's rate limit is the one of /api (ADR 0074).
 */
async function tokenAccount(request: FastifyRequest, reply: FastifyReply, tokens: BearerAuthenticator): Promise<SessionAccount> {
  const token = bearerToken(request);
  try {
    if (token === undefined) throw new AppError('unauthenticated', MCP_TOKEN_REQUIRED);
    const resolved = await tokens.authenticate(token);
    if (!resolved.scopes.includes(MCP_SCOPE)) throw new AppError('forbidden', MCP_SCOPE_MISSING);
    return resolved.account;
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthenticated') {
      reply.header('www-authenticate', token === undefined ? 'Bearer' : 'Bearer error="invalid_token"');
    }
    throw error;
  }
}

/**
 * `/mcp`: the Model Context Protocol over Streamable HTTP, stateless (ADR 0077). Each POST gets
 * its own server and transport bound to the token's account and is answered with one JSON
 * response; there is no session, so no server-sent stream (GET) and nothing to end (DELETE).
 */
export function registerMcpRoutes(app: FastifyInstance, deps: { service: McpService; tokens: BearerAuthenticator }): void {
  // The MCP SDK is loaded by the first request that needs it (a signed-in assistant), not at start (ADR 0094).
  const importSdk = () => Promise.all([import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('./tools.ts')]);
  let sdk: ReturnType<typeof importSdk> | undefined;
  const loadSdk = () =>
    (sdk ??= importSdk().catch((error: unknown) => {
      sdk = undefined; // the next request tries again
      throw error;
    }));

  app.post(MCP_PATH, async (request, reply) => {
    const account = await tokenAccount(request, reply, deps.tokens);
    const [{ StreamableHTTPServerTransport }, { createMcpServer }] = await loadSdk();
    const server = createMcpServer(deps.service, account.id, request.log);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // The transport writes the answer itself: the headers every reply carries (security, request id) go first.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  // The protocol's own answer for a server that offers no stream and keeps no session.
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(405).header('allow', 'POST').send({ message: `${MCP_PATH} is stateless: send each JSON-RPC message as a POST` });
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);
}
