import {
  PROFILE_ACTIVITY_LIMIT,
  PROFILE_DATA_REQUIRED_MESSAGE,
  PROFILE_NOT_FOUND_MESSAGE,
  PROFILE_REFRESH_PRO_MESSAGE,
  type AthleticProfile,
} from '../../../shared/api/athletic-profile.ts';
import { hasProAccess } from '../../../shared/domain/account-plan.ts';
import { DEFAULT_UNIT_SYSTEM, type UnitSystem } from '../../../shared/domain/unit-system.ts';
import { writeEventCards, writeGoalCards } from '../../../shared/domain/profile-cards.ts';
import { AppError } from '../../http/errors.ts';
import { sportFamilyOf } from '../../../shared/domain/sport-family.ts';
import type { ActivitiesService } from '../activities/index.ts';
import type { ScoringService } from '../scoring/index.ts';
import type { AthleteReader } from '../plans/index.ts';
import { recommendCatalogueEvents } from './builtin.ts';
import { profileFacts, type ProfileActivity, type ProfileFacts } from './facts.ts';
import type { ProfileWriter } from './llm.ts';
import type { AthleticProfileRow, ProfileRepo } from './repo.ts';

const notFound = () => new AppError('not_found', PROFILE_NOT_FOUND_MESSAGE);

function toView(row: AthleticProfileRow): AthleticProfile {
  const { accountId: _accountId, facts: _facts, generatedAt, updatedAt, ...fields } = row;
  return { ...fields, generatedAt: generatedAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** The athletic profile (spec §3, §4, §6); every call is scoped to the signed-in account. */
export function createProfileService(deps: {
  repo: ProfileRepo;
  activities: Pick<ActivitiesService, 'list'>;
  scoring: Pick<ScoringService, 'ofActivities'>;
  writer: ProfileWriter;
  /** The athlete's facts from their log (plans/athlete-reader.ts), the same plans are generated from. */
  readAthlete: AthleteReader;
  /**
   * Whether the athlete's history is still arriving (a Strava backfill) or being scored (metrics of
   * a backfill or an archive): facts read now would miss most of it.
   */
  historyPending: (accountId: string) => Promise<boolean>;
  /** Strava connected or activities imported (ADR 0017): a profile is written from training data. */
  hasTrainingData: (accountId: string) => Promise<boolean>;
  /** The athlete's unit system now: the profile is written in it. */
  unitsOf: (accountId: string) => Promise<UnitSystem>;
}) {
  const { repo, activities, scoring, writer, readAthlete, historyPending, hasTrainingData, unitsOf } = deps;

  /** The last PROFILE_ACTIVITY_LIMIT activities (oldest first) with their metrics. */
  async function recentActivities(accountId: string, now: Date): Promise<ProfileActivity[]> {
    const listed = (await activities.list(accountId, { limit: PROFILE_ACTIVITY_LIMIT })).filter((item) => Date.parse(item.startDate) <= now.getTime());
    const metrics = await scoring.ofActivities(accountId, listed.map((item) => item.id));
    return listed
      .map((item) => {
        const computed = metrics.get(item.id);
        return {
          family: sportFamilyOf(item.sportType),
          source: item.source,
          startDate: new Date(item.startDate),
          movingTimeS: item.movingTime,
          distanceM: item.distance,
          elevationGainM: item.totalElevationGain ?? 0,
          trainingLoad: computed?.view.trainingLoad ?? null,
          powerZoneSeconds: computed?.view.powerZoneSeconds ?? null,
          hrZoneSeconds: computed?.view.hrZoneSeconds ?? null,
          powerCurveW: computed?.powerCurveW ?? [],
          bestEfforts: computed?.view.bestEfforts ?? [],
          thresholdSources: computed?.view.thresholdSources ?? [],
        };
      })
      .reverse();
  }

  /**
   * The facts, and what they are derived from beyond the activities themselves: the fitness of
   * today sums the loads of months before them, and an estimated FTP reads 90 days of rides.
   */
  async function factsOf(accountId: string, now: Date): Promise<ProfileFacts> {
    const log = await recentActivities(accountId, now);
    const { facts: recent, weightKg, derivedFrom, units } = await readAthlete(accountId, log, now);
    // The fitness series' today is the UTC day of `now` (the fitness route's days): its morning is the profile's.
    return profileFacts(log, recent, weightKg, derivedFrom, units, now.toISOString().slice(0, 10));
  }

  /** Writes the profile from the facts as they are now; replaces a stored one only when `mayReplace`. */
  async function write(accountId: string, now: Date, mayReplace: boolean): Promise<AthleticProfileRow | undefined> {
    const [facts, pending] = await Promise.all([factsOf(accountId, now), historyPending(accountId)]);
    const { profile, author } = await writer.write(facts);
    const { goals, ...sections } = profile;
    return repo.save(
      accountId,
      {
        ...sections,
        opportunitiesAhead: writeGoalCards(goals),
        activityCount: facts.activityCount,
        author,
        facts: { ...facts },
        historyPending: pending,
        generatedAt: now,
      },
      mayReplace,
    );
  }

  /**
   * A profile written before the history was in is written again once it is, for every plan: it
   * completes the first profile rather than refreshing it. Answers the row as it then is.
   */
  async function completeIfHistoryIn(row: AthleticProfileRow, now: Date): Promise<AthleticProfileRow> {
    if (!row.historyPending || (await historyPending(row.accountId))) return row;
    return (await write(row.accountId, now, true)) ?? row;
  }

  /**
   * The profile's distances, climbing and paces are written in the athlete's units (its facts say
   * which; a profile from before they did is metric). After the athlete switches units it is
   * written again in the new ones when next read, on every plan, as an analysis is (it renders
   * the same history, so it is no refresh). Catalogue event cards are fitted again with it.
   */
  async function inCurrentUnits(row: AthleticProfileRow, now: Date): Promise<AthleticProfileRow> {
    const units = await unitsOf(row.accountId);
    const writtenIn = (row.facts as Partial<ProfileFacts> | null)?.units ?? DEFAULT_UNIT_SYSTEM;
    if (writtenIn === units) return row;
    const rewritten = await write(row.accountId, now, true);
    if (!rewritten) return row;
    if (row.eventsSource !== 'catalogue') return rewritten;
    const events = writeEventCards(recommendCatalogueEvents(rewritten.facts as unknown as ProfileFacts, now));
    return (await repo.saveEvents(row.accountId, { recommendedEvents: events, eventsSource: 'catalogue' })) ?? rewritten;
  }

  return {
    async get(accountId: string, now = new Date()): Promise<AthleticProfile> {
      const row = await repo.find(accountId);
      if (!row) throw notFound();
      return toView(await inCurrentUnits(row, now));
    },

    /** The first profile is free for everyone; writing it again is Pro-level only (spec §6). */
    async generate(accountId: string, now = new Date()): Promise<AthleticProfile> {
      if (!(await hasTrainingData(accountId))) throw new AppError('forbidden', PROFILE_DATA_REQUIRED_MESSAGE);
      const access = await repo.access(accountId);
      const mayReplace = access !== undefined && hasProAccess(access.plan, access.trialExpiryDate, now);
      if (!mayReplace && (await repo.find(accountId))) throw new AppError('forbidden', PROFILE_REFRESH_PRO_MESSAGE);
      const row = await write(accountId, now, mayReplace);
      if (!row) throw new AppError('forbidden', PROFILE_REFRESH_PRO_MESSAGE);
      // The history may have come in while this was written, after its last metrics announced it.
      return toView(await completeIfHistoryIn(row, now));
    },

    /** Whether the stored profile was written before the history was in (see completeAfterHistory). */
    async awaitsHistory(accountId: string): Promise<boolean> {
      return (await repo.find(accountId))?.historyPending ?? false;
    },

    /** After metrics were stored: a profile written before the history was in is written again once it is. */
    async completeAfterHistory(accountId: string, now = new Date()): Promise<void> {
      const row = await repo.find(accountId);
      if (row) await completeIfHistoryIn(row, now);
    },

    /** Event cards fitted to the stored profile's facts, from the bundled catalogue of event formats. */
    async recommendEvents(accountId: string, now = new Date()): Promise<AthleticProfile> {
      const profile = await repo.find(accountId);
      if (!profile) throw notFound();
      const facts = profile.facts as unknown as ProfileFacts;
      const row = await repo.saveEvents(accountId, { recommendedEvents: writeEventCards(recommendCatalogueEvents(facts, now)), eventsSource: 'catalogue' });
      if (!row) throw notFound();
      return toView(row);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
