import { useFitness } from './api/fitness.ts';
import { ChartFigure } from './chart-figure.tsx';
import { FITNESS_CHART_HEIGHT_PX } from './chart-sizes.ts';
import { FORM_CONVENTION } from '../../../metrics/fitness.ts';
import { morningDays } from './fitness-summary.ts';
import { FitnessChart } from './lazy-charts.ts';

/** The fitness chart covers this many days, today included. */
export const FITNESS_DAYS = 90;

/** The fitness, fatigue and form card: the athlete's training load, not only this activity's. */
export function FitnessFigure() {
  const fitness = useFitness(FITNESS_DAYS);
  const hasLoad = fitness.data?.some((day) => day.ctl > 0 || day.load > 0) ?? false;
  const state = fitness.isError
    ? { empty: 'Fitness could not be loaded.' }
    : fitness.data === undefined
      ? ('loading' as const)
      : hasLoad
        ? ('ready' as const)
        : { empty: `No training load in the last ${FITNESS_DAYS} days yet.` };

  return (
    <ChartFigure
      title="Fitness, fatigue and form"
      caption={`Fitness (CTL, 42 days), fatigue (ATL, 7 days) and form (TSB) over the last ${FITNESS_DAYS} days. ${FORM_CONVENTION}`}
      state={state}
      heightPx={FITNESS_CHART_HEIGHT_PX + 28}
    >
      {fitness.data && <FitnessChart days={morningDays(fitness.data)} />}
    </ChartFigure>
  );
}
