import { Link } from 'wouter';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { HttpError } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { buttonClasses } from '../../ui/button-classes.ts';
import { ActivityView } from './activity-view.tsx';
import { AnalysisSkeleton } from './analysis-skeleton.tsx';
import { useActivityDetail } from './api/activity-detail.ts';

/**
 * An activity opened by its URL that the loaded list does not hold (an older one, or a link that
 * points nowhere for this athlete): it loads on its own; a missing one says so.
 */
export function LinkedActivity({ id, units }: { id: string; units: UnitSystem }) {
  const detail = useActivityDetail(id);
  if (detail.data) return <ActivityView activity={detail.data} units={units} />;
  if (detail.isError && detail.error instanceof HttpError && detail.error.status === 404) {
    return (
      <div className="flex flex-col items-start gap-4">
        <h1 className="text-xl font-semibold text-fg">Activity not found</h1>
        <p className="text-sm text-fg-muted">There is no activity at this address in your account. It may have been deleted.</p>
        <Link href="/" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          Go to your latest activity
        </Link>
      </div>
    );
  }
  if (detail.isError) {
    return (
      <Alert tone="error" action={{ label: 'Retry', onClick: () => void detail.refetch() }}>
        <p>This activity could not be loaded.</p>
      </Alert>
    );
  }
  return <AnalysisSkeleton />;
}
