import type { Database } from '../../db/client.ts';
import { createAskKaiRepo } from './repo.ts';
import { createAskKaiService } from './service.ts';

/** Ask Kai (issue 28, ADR 0076): conversations with the coach about the athlete's own data. */
export type { AskEngine } from './engine.ts';
export { createAskEngine, type AskEngineDeps } from './answer/index.ts';
export type { AskKaiService } from './service.ts';
export { registerAskKaiRoutes } from './routes.ts';

type AskKaiDeps = Omit<Parameters<typeof createAskKaiService>[0], 'repo'>;

export function createAskKai(deps: AskKaiDeps & { database: Database }) {
  const { database, ...rest } = deps;
  return createAskKaiService({ repo: createAskKaiRepo(database), ...rest });
}
