import type { FactActivity } from '../../facts/index.ts';

/**
 * Questions a new conversation offers, chosen from what the athlete's recent data holds: power
 * questions only with measured power, running ones only with runs, plan ones only with a plan.
 * Each is one the built-in coach answers.
 */
export function suggestedQuestions(recent: { count: number; power: boolean; rides: boolean; runs: boolean; zones: boolean }, options: { hasPlan: boolean; activity: FactActivity | null }): string[] {
  const questions: string[] = [];
  if (options.activity) {
    questions.push('What did this activity mean for my fitness?');
  }
  const { power: hasPower, runs: hasRuns, rides: hasRides, zones: hasZones } = recent;
  questions.push('How is my fitness trending?');
  if (hasPower) questions.push('What is my best 5-minute power in the last 90 days?', 'Is my FTP going up?');
  if (options.hasPlan) questions.push('What is my next key session?');
  if (hasRides) questions.push('How many hours did I ride per week this month?');
  if (hasRuns) questions.push('How far did I run this month compared with last month?');
  if (hasZones) questions.push('How much of my time was in the easy zones over the last 4 weeks?');
  if (recent.count > 0) questions.push('What was my longest activity this year?', 'Am I ready for a 3-hour ride on Saturday?');
  if (recent.count === 0) questions.push('How much did I train this month?');
  return questions.slice(0, options.activity ? 4 : 5);
}

/** Three questions for an answer Kai could not give: the first three suggestions. */
export const fallbackQuestions = (suggestions: readonly string[]): string[] => suggestions.filter((question) => question !== 'What did this activity mean for my fitness?').slice(0, 3);
