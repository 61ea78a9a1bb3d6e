// Public face of the My account feature (the app imports from here only).
import './i18n';

export { loadAccount, type AccountData } from './api/accountApi';
export { AccountView } from './components/AccountView';
export { NS as ACCOUNT_NS } from './i18n';
