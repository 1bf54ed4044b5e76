import type { Database } from '../../db/client.ts';
import { createMcpRepo } from './repo.ts';
import { createMcpService, type McpReadDeps } from './service.ts';

/**
 * The MCP server over the athlete's own data (issue 31, ADR 0077): `/mcp`, authenticated by a
 * personal access token with the `read` scope, whose tools read activities, fitness, power, the
 * active plan, readiness and Kai's answers, Strava's data fenced off.
 */
export { registerMcpRoutes, MCP_PATH } from './routes.ts';
export type { McpService } from './service.ts';

export function createMcp(deps: Omit<McpReadDeps, 'repo'> & { database: Database }) {
  const { database, ...rest } = deps;
  return createMcpService({ ...rest, repo: createMcpRepo(database) });
}
