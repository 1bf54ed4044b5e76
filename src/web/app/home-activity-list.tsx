import { ActivityList } from '../features/activities/index.ts';
import { isStravaApiSource } from '../lib/activity-labels.ts';
import { useUnitSystem } from '../features/settings/index.ts';
import { PoweredByStrava, stravaSyncProgress } from '../features/strava/index.ts';
import type { HomeActivities } from './use-home-activities.ts';

interface HomeActivityListProps {
  home: HomeActivities;
  onImport: () => void;
  /** After a row is chosen (the phone drawer closes). */
  onSelected?: () => void;
  showHeader?: boolean;
}

/** Home's 'Recent activities', for the sidebar and the phone drawer alike. */
export function HomeActivityList({ home, onImport, onSelected, showHeader }: HomeActivityListProps) {
  const [units] = useUnitSystem();
  const { list, activities } = home;
  const showsStravaData = activities?.some((activity) => isStravaApiSource(activity.source)) ?? false;
  return (
    <>
      <ActivityList
        activities={activities}
        selectedId={home.selectedId}
        onSelect={(id) => {
          home.select(id);
          onSelected?.();
        }}
        units={units}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        syncing={home.syncing}
        syncProgress={stravaSyncProgress(home.status)}
        onImport={onImport}
        showHeader={showHeader}
      />
      {showsStravaData && (
        <div className="flex justify-center pt-2 pb-6">
          <PoweredByStrava />
        </div>
      )}
    </>
  );
}
