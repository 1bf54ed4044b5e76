import { Skeleton } from '../../ui/skeleton.tsx';
import { AnalysisSectionsSkeleton } from '../analysis/index.ts';
import { MetricsGridSkeleton } from './metrics-grid-skeleton.tsx';

/** The shape of an activity's analysis page (header, metrics grid, sections), shown behind blocking steps. */
export function AnalysisSkeleton() {
  return (
    <div aria-hidden className="mx-auto flex w-full max-w-4xl flex-col gap-8 p-5 sm:p-8">
      <div className="flex flex-col gap-3">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
      <MetricsGridSkeleton />
      <AnalysisSectionsSkeleton />
    </div>
  );
}
