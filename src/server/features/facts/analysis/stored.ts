import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { analyses } from '../../../db/schema.ts';
import type { AnalysisContext } from './context-types.ts';
import type { Quantity } from '../format.ts';
import { fact, type Fact } from '../fact.ts';

/**
 * An activity's figures as its analysis states them: the facts Kai's analysis was written from
 * (stored with it, built by ./context.ts), each as a Fact with its key, unit, day and
 * provenance, so "what did this ride mean?" quotes the very figures of the analysis card.
 */
export async function storedAnalysisContext(db: Database, accountId: string, activityId: string): Promise<AnalysisContext | null> {
  const [row] = await db
    .select({ facts: analyses.facts })
    .from(analyses)
    .where(and(eq(analyses.userId, accountId), eq(analyses.activityId, activityId)))
    .limit(1);
  const context = row?.facts as Partial<AnalysisContext> | undefined;
  // Facts stored in an older shape are not read: the answer is then built from the activity itself.
  return context && context.version === 3 && context.activity && context.load ? (context as AnalysisContext) : null;
}

type Pick = (context: AnalysisContext) => Quantity | null | undefined;

/** The analysis figures an answer about one activity quotes, in the order it quotes them. */
const ANALYSIS_FIGURES: { key: string; label: string; unit: string; group: 'activity' | 'load'; pick: Pick }[] = [
  { key: 'activity.time', label: 'Moving time', unit: 's', group: 'activity', pick: (c) => c.activity.movingTime },
  { key: 'activity.distance', label: 'Distance', unit: 'm', group: 'activity', pick: (c) => c.activity.distance },
  { key: 'activity.elevation', label: 'Elevation gain', unit: 'm', group: 'activity', pick: (c) => c.activity.elevationGain },
  { key: 'activity.np', label: 'Normalised power', unit: 'W', group: 'activity', pick: (c) => c.activity.power?.normalized },
  { key: 'activity.ap', label: 'Average power', unit: 'W', group: 'activity', pick: (c) => c.activity.power?.average },
  { key: 'activity.if', label: 'Intensity factor', unit: '', group: 'activity', pick: (c) => c.activity.power?.intensityFactor },
  { key: 'activity.hr', label: 'Average heart rate', unit: 'bpm', group: 'activity', pick: (c) => c.activity.averageHeartrate },
  { key: 'activity.pace', label: 'Average pace', unit: 's/km', group: 'activity', pick: (c) => c.activity.averagePace },
  { key: 'activity.decoupling', label: 'Aerobic decoupling', unit: '%', group: 'activity', pick: (c) => c.activity.decoupling },
  { key: 'activity.load', label: 'Training load', unit: 'TSS', group: 'activity', pick: (c) => c.activity.trainingLoad },
  { key: 'fitness.ctl', label: 'Fitness (CTL) after the activity', unit: 'TSS', group: 'load', pick: (c) => c.load.onTheDay.fitness },
  { key: 'fitness.ctl.week.change', label: 'Change in fitness (CTL) over the week before', unit: 'TSS', group: 'load', pick: (c) => c.load.fitnessChange },
  { key: 'fitness.tsb.after', label: 'Form (TSB) the morning after', unit: 'TSS', group: 'load', pick: (c) => c.load.formAfter },
];

export function factsFromAnalysis(context: AnalysisContext): Fact[] {
  const day = { from: context.activity.date, to: context.activity.date };
  return ANALYSIS_FIGURES.flatMap(({ key, label, unit, group, pick }) => {
    const quantity = pick(context);
    if (!quantity) return [];
    return [fact(key, label, quantity, unit, day, group === 'activity' ? context.activity.name : 'Fitness series', context[group].provenance)];
  });
}
