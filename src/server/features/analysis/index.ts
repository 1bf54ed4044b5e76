import type { Database } from '../../db/client.ts';
import type { StructuredModel } from '../../ai/structured-model.ts';
import type { EventBus } from '../../events/bus.ts';
import { metricsComputed } from '../../events/domain-events.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { builtinCoach } from './coach/coach.ts';
import { createLlmCoach } from './coach/llm.ts';
import { analysisCompletion, createAnalysisCompletionJob, createAnalysisJob } from './jobs.ts';
import { createAnalysisRepo } from './repo.ts';
import { createAnalysisService } from './service.ts';

/** Kai's analysis of each activity: the facts (coach/context), the words (built-in or a model) and the exports. */
export type { AnalysisService } from './service.ts';
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
  const coach = ai ? createLlmCoach({ ai, policy: rest.dataPolicy }) : builtinCoach;
  const service = createAnalysisService({
    ...rest,
    repo: createAnalysisRepo(database),
    coach,
    historyCompleted: async (accountId) => {
      await queue.send(analysisCompletion, { accountId }, { singletonKey: accountId });
    },
  });
  const completionJob = createAnalysisCompletionJob(service);
  const analysisJob = createAnalysisJob(service);
  events.subscribe(metricsComputed, {
    job: completionJob,
    singletonKey: ({ accountId }) => accountId,
    when: ({ accountId }) => service.awaitsHistory(accountId),
  });
  events.subscribe(metricsComputed, {
    job: analysisJob,
    singletonKey: ({ activityId }) => activityId,
    when: ({ accountId, activityId }) => service.writesAnalysisOf(accountId, activityId),
  });
  return { service, jobs: [analysisJob, completionJob] };
}
