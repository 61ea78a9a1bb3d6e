// Public face of the people feature (the app imports from here only).
import './i18n';

export { loadUsers, loadRoles, type RolesData, type UsersData } from './api/loaders';
export { searchFromView, type UsersView as UsersViewState } from './model/userQuery';
export { UsersView } from './components/UsersView';
export { RolesView } from './components/RolesView';
export { NS as PEOPLE_NS } from './i18n';
