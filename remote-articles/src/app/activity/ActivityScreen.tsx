import { useLoaderData, useNavigation, useSearchParams } from 'react-router-dom';
import { buildMark } from 'shared/ui/buildMark';
import { ActivityView, activityFilterToParams } from '../../features/activity';
import type { ActivityData } from './activityLoader';

/** /activity: the activity log, its filter in the URL (so a filtered view can be shared and goes back and forth). */
export function ActivityScreen() {
  const { filter, page, users, rangeReversed } = useLoaderData() as ActivityData;
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  return (
    <div data-testid="activity-screen" {...buildMark('remote-articles')}>
      <ActivityView
        filter={filter}
        page={page}
        users={users}
        rangeReversed={rangeReversed}
        loading={navigation.state === 'loading' && navigation.location?.pathname === '/activity'}
        onChange={(next) => setSearchParams(activityFilterToParams(next))}
      />
    </div>
  );
}
