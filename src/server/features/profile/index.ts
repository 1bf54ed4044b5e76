import type { StructuredModel } from '../../ai/structured-model.ts';
import type { Database } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { completeAfterHistory, historyCompletionAddress } from '../../events/history-completion.ts';
import { createAthleteReader } from '../plans/index.ts';
import type { ScoringService } from '../scoring/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { builtinProfileWriter, createLlmProfileWriter } from './llm.ts';
import { createProfileRepo } from './repo.ts';
import { createProfileService } from './service.ts';

/** The athletic profile: facts from the last activities, written by the built-in writer or a model. */
export type { ProfileService } from './service.ts';
export { registerProfileRoutes } from './routes.ts';

type ServiceDeps = Parameters<typeof createProfileService>[0];

export function createProfile(
  deps: Omit<ServiceDeps, 'repo' | 'writer' | 'readAthlete' | 'scoring' | 'unitsOf'> & {
    database: Database;
    scoring: Pick<ScoringService, 'ofActivities' | 'fitnessWithSources'>;
    settings: Pick<SettingsService, 'athleteFacts' | 'unitSystem'>;
    /** The one language model (src/server/ai); without one the built-in writer writes. */
    ai: StructuredModel | undefined;
    dataPolicy: 'strict' | 'relaxed';
    events: EventBus;
  },
) {
  const { database, settings, scoring, ai, dataPolicy, events, ...rest } = deps;
  const service = createProfileService({
    ...rest,
    repo: createProfileRepo(database),
    writer: ai ? createLlmProfileWriter({ ai, policy: dataPolicy }) : builtinProfileWriter,
    scoring,
    readAthlete: createAthleteReader({ scoring, settings }),
    unitsOf: (accountId) => settings.unitSystem(accountId),
  });
  const completionJob = completeAfterHistory(events, historyCompletionAddress('profile.complete'), service);
  return { service, jobs: [completionJob] };
}
