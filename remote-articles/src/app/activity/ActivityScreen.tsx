import { useLoaderData, useNavigation, useSearchParams } from 'react-router-dom';
import { BuildFooter } from 'shared/ui/BuildFooter';
import { ActivityView, activityFilterToParams } from '../../features/activity';
import type { ActivityData } from './activityLoader';

/** /activity (issue 15): the activity log, its filter in the URL (so a filtered view can be shared and goes back and forth). */
export function ActivityScreen() {
  const { filter, page, users, rangeReversed } = useLoaderData() as ActivityData;
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  return (
    <div data-testid="activity-screen">
      <ActivityView
        filter={filter}
        page={page}
        users={users}
        rangeReversed={rangeReversed}
        loading={navigation.state === 'loading' && navigation.location?.pathname === '/activity'}
        onChange={(next) => setSearchParams(activityFilterToParams(next))}
      />
      <BuildFooter remote="remote-articles" />
    </div>
  );
}
