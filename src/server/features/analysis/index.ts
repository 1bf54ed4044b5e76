import type { Database } from '../../db/client.ts';
import type { StructuredModel } from '../../ai/structured-model.ts';
import type { EventBus } from '../../events/bus.ts';
import { metricsComputed } from '../../events/domain-events.ts';
import { completeAfterHistory, historyCompletionAddress } from '../../events/history-completion.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { builtinCoach } from './coach/coach.ts';
import { createLlmCoach } from './coach/llm.ts';
import { createAnalysisJob } from './jobs.ts';
import { createAnalysisRepo } from './repo.ts';
import { createAnalysisService } from './service.ts';

/** Kai's analysis of each activity: the facts (the facts layer, facts/analysis), the words (built-in or a model) and the exports. */
export type { AnalysisService } from './service.ts';
export type { AnalysisContext } from '../facts/index.ts';
export { registerAnalysisRoutes } from './routes.ts';

type ServiceDeps = Parameters<typeof createAnalysisService>[0];

export function createAnalysis(
  deps: Omit<ServiceDeps, 'repo' | 'coach' | 'historyCompleted'> & {
    database: Database;
    /** The one language model (src/server/ai); without one the built-in coach writes. */
    ai: StructuredModel | undefined;
    queue: Pick<JobQueue, 'send'>;
    events: EventBus;
  },
) {
  const { database, ai, queue, events, ...rest } = deps;
  const completion = historyCompletionAddress('analysis.complete');
  const coach = ai ? createLlmCoach({ ai, policy: rest.dataPolicy }) : builtinCoach;
  const service = createAnalysisService({
    ...rest,
    repo: createAnalysisRepo(database),
    coach,
    historyCompleted: async (accountId) => {
      await queue.send(completion, { accountId }, { singletonKey: accountId });
    },
  });
  const completionJob = completeAfterHistory(events, completion, service);
  const analysisJob = createAnalysisJob(service);
  events.subscribe(metricsComputed, {
    job: analysisJob,
    singletonKey: ({ activityId }) => activityId,
    when: ({ accountId, activityId }) => service.writesAnalysisOf(accountId, activityId),
  });
  return { service, jobs: [analysisJob, completionJob] };
}
