// Public face of the desk management feature (the app imports from here only).
import './i18n';

export { fetchAllDesks, fetchPeople } from './api/deskAdminApi';
export { DeskAdminView } from './components/DeskAdminView';
