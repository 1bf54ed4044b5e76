import { Skeleton } from '../../ui/skeleton.tsx';

export function MetricsGridSkeleton() {
  return (
    <div aria-hidden className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {Array.from({ length: 4 }, (_, metric) => (
        <Skeleton key={metric} className="h-20 rounded-xl" />
      ))}
    </div>
  );
}
