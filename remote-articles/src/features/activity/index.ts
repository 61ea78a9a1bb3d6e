// Public face of the activity feature: the Activity screen's view and data, the editor's panel.
import './i18n';

export { fetchActivity, type ActivityEntry, type ActivityPage } from './api/activityApi';
export { ActivityView, type ActivityUser } from './components/ActivityView';
export { ArticleActivityPanel } from './components/ArticleActivityPanel';
export { activityFilterToParams, parseActivityFilter, toActivityQuery, type ActivityFilter } from './model/activityFilter';
export { NS as ACTIVITY_NS } from './i18n';
