// Standalone page for `npm start -w remote-admin` (port 3004, /api proxied to the API).
import { renderStandalone } from 'shared/dev/renderStandalone';
import { screens } from './routes';

renderStandalone('remote-admin', [
  { path: '/admin/users', screen: screens.users },
  { path: '/admin/roles', screen: screens.roles },
  { path: '/admin/webhooks', screen: screens.webhooks },
  { path: '/account', screen: screens.account },
]);
