import { Skeleton } from '../../ui/skeleton.tsx';

const PLACEHOLDER_ROWS = 6;

/** The shape of the 'Recent activities' list before there are activities to show. */
export function ActivityListSkeleton({ withHeading = true }: { withHeading?: boolean }) {
  return (
    <div aria-hidden className="flex flex-col gap-2 py-2">
      {withHeading && <Skeleton className="mb-2 h-4 w-32" />}
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, row) => (
        <div key={row} className="flex items-center gap-3 rounded-lg p-2">
          <Skeleton className="size-9 shrink-0 rounded-lg" />
          <div className="flex flex-1 flex-col gap-1.5">
            <Skeleton className="h-3.5 w-4/5" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}
