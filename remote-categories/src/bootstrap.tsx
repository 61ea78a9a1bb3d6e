// Standalone page for `npm start -w remote-categories` (port 3002, /api proxied to the API).
import { renderStandalone } from 'shared/dev/renderStandalone';
import { screens } from './routes';

renderStandalone('remote-categories', [{ path: '/categories', screen: screens.manager }]);
