import type { EffectiveThresholds } from '../../../../shared/api/settings.ts';
import type { UnitSystem } from '../../../../shared/domain/unit-system.ts';
import { addCalendarDays } from '../../../../shared/time.ts';
import type { StravaDataPolicy } from '../../../ai/provenance.ts';
import type { StructuredModel } from '../../../ai/structured-model.ts';
import type { Database } from '../../../db/client.ts';
import { activitiesIn, activityById, activityTraits, daysInWindow, dayStart } from '../../facts/index.ts';
import { hasActivePlan } from './active-plan.ts';
import { factsFromAnalysis, storedAnalysisContext } from '../../facts/index.ts';

import type { DayPlanService, PlanOnDay } from '../../plans/index.ts';
import type { ScoringService } from '../../scoring/index.ts';
import type { ReadinessWithSources } from '../../wellness/index.ts';
import type { AskEngine, AskInput, AskOutcome, ConversationSubject } from '../engine.ts';
import {
  answerActivity,
  answerAerobic,
  answerBestPower,
  answerCompare,
  answerExtremes,
  answerFitness,
  answerPlan,
  answerReady,
  answerThresholds,
  answerVolume,
  answerZones,
  type AnswerData,
  type Written,
} from './answers.ts';
import { modelWrite } from './model.ts';
import { understand, type Question, type QuestionKind } from './question.ts';
import { fallbackQuestions, suggestedQuestions } from './suggestions.ts';

export { ungroundedInBundle } from './model.ts';
export { understand, normalise, type Question } from './question.ts';

export interface AskEngineDeps {
  database: Database;
  scoring: Pick<ScoringService, 'fitnessWithSources' | 'storeMissingPowerCurves'>;
  settings: { unitSystem(accountId: string): Promise<UnitSystem>; effectiveThresholds(accountId: string, now?: Date): Promise<EffectiveThresholds> };
  dayPlan: Pick<DayPlanService, 'days'>;
  plans: { activePlansOn(accountId: string, day: Date, now?: Date): Promise<PlanOnDay[]> };
  readinessOn?: (accountId: string, date: string) => Promise<ReadinessWithSources>;
  /** The configured language model; absent: the built-in coach answers every question. */
  ai?: StructuredModel | undefined;
  dataPolicy: StravaDataPolicy;
}

const CANNOT_ANSWER =
  "I can't answer that yet. I can tell you about your fitness, fatigue and form; your best power for a duration; FTP, critical power and W′; your training volume by week or month; how two periods compare; your longest and hardest sessions; time in zones; aerobic decoupling and efficiency; your plan's next key session; whether you are ready for a session; and what an activity meant. Try one of these:";

const KINDS: readonly QuestionKind[] = ['fitness', 'best-power', 'thresholds', 'volume', 'compare', 'extremes', 'zones', 'aerobic', 'plan', 'ready', 'activity'];

/** The stored subject back as a question; null when it is not one (an older shape, or none). */
function previousQuestion(subject: ConversationSubject | null): Question | null {
  if (!subject || typeof subject.kind !== 'string' || !KINDS.includes(subject.kind as QuestionKind) || !Array.isArray(subject.periods)) return null;
  return subject as unknown as Question;
}


/**
 * Ask Kai's answerer (ADR 0076): reads the question (question.ts), builds the facts it needs with
 * the facts layer — every read scoped to the account — and writes the built-in answer from them.
 * With a model configured, the model rewrites the text from the same facts and is held to them
 * (model.ts); the built-in answer stands when it cannot.
 */
export function createAskEngine(deps: AskEngineDeps): AskEngine {
  const db = deps.database;

  async function dataFor(accountId: string, today: string): Promise<AnswerData> {
    const units = await deps.settings.unitSystem(accountId);
    let curvesStored: Promise<void> | undefined;
    // Metrics stored before curves were kept get theirs once, before the first read of curves.
    const ensureCurves = () => (curvesStored ??= deps.scoring.storeMissingPowerCurves(accountId, new Date(0)));
    return {
      today,
      units,
      async activities(window, needs) {
        if (needs?.curves) await ensureCurves();
        return activitiesIn(db, accountId, window, { curves: needs?.curves ?? false });
      },
      activity: (activityId) => activityById(db, accountId, activityId),
      async analysisFacts(activityId) {
        const context = await storedAnalysisContext(db, accountId, activityId);
        return context ? factsFromAnalysis(context) : null;
      },
      async fitness(window) {
        const days = Math.min(Math.max(daysInWindow(window), 1), 3660);
        const { series, sources } = await deps.scoring.fitnessWithSources(accountId, days, dayStart(window.to));
        return { series, origins: sources };
      },
      thresholds: () => deps.settings.effectiveThresholds(accountId, new Date(`${today}T23:59:59Z`)),
      dayPlan: (days) => deps.dayPlan.days(accountId, { today, from: today, days }),
      plansOn: () => deps.plans.activePlansOn(accountId, dayStart(today)),
      async readiness() {
        if (!deps.readinessOn) return null;
        const { readiness, provenance } = await deps.readinessOn(accountId, today);
        return { state: readiness.state, provenance };
      },
    };
  }

  function write(question: Question, data: AnswerData, raw: string, activityId: string | undefined): Promise<Written> {
    switch (question.kind) {
      case 'fitness':
        return answerFitness(question, data);
      case 'best-power':
        return answerBestPower(question, data);
      case 'thresholds':
        return answerThresholds(question, data);
      case 'volume':
        return answerVolume(question, data, raw);
      case 'compare':
        return answerCompare(question, data, raw);
      case 'extremes':
        return answerExtremes(question, data);
      case 'zones':
        return answerZones(question, data);
      case 'aerobic':
        return answerAerobic(question, data);
      case 'plan':
        return answerPlan(question, data);
      case 'ready':
        return answerReady(question, data);
      case 'activity':
        return activityId ? answerActivity(activityId, data) : answerFitness(question, data);
    }
  }

  async function suggestions(accountId: string, options: { activityId?: string; today: string }): Promise<string[]> {
    const window = { from: addCalendarDays(options.today, -89), to: options.today };
    const [traits, hasPlan, activity] = await Promise.all([
      activityTraits(db, accountId, window),
      hasActivePlan(db, accountId),
      options.activityId ? activityById(db, accountId, options.activityId) : Promise.resolve(null),
    ]);
    return suggestedQuestions(traits, { hasPlan, activity });
  }

  return {
    suggestions,
    async answer(input: AskInput): Promise<AskOutcome> {
      const understood = understand(input.text, { today: input.today, activityId: input.activityId !== undefined, previous: previousQuestion(input.subject) });
      if (!understood.ok) {
        const offered = fallbackQuestions(await suggestions(input.accountId, { today: input.today }));
        return { text: CANNOT_ANSWER, facts: [], sources: [], chart: null, coach: 'built-in', coachNote: null, suggestions: offered, subject: input.subject };
      }
      const { question } = understood;
      const data = await dataFor(input.accountId, input.today);
      const written = await write(question, data, input.text.toLowerCase(), input.activityId);
      const subject = question as unknown as ConversationSubject;
      if (!deps.ai || written.facts.length === 0) return { ...written, coach: 'built-in', coachNote: null, subject };
      const byModel = await modelWrite({ ai: deps.ai, policy: deps.dataPolicy }, input.text, written);
      return { ...written, ...byModel, subject };
    },
  };
}
