import { Skeleton } from '../../ui/skeleton.tsx';

/** The outline of the analysis sections (summary, insights, next session...). */
export function AnalysisSectionsSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-8">
      {Array.from({ length: 3 }, (_, section) => (
        <div key={section} className="flex flex-col gap-2.5">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-3.5 w-full" />
          <Skeleton className="h-3.5 w-11/12" />
          <Skeleton className="h-3.5 w-3/4" />
        </div>
      ))}
    </div>
  );
}
