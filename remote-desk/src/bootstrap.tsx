// Standalone page for `npm start -w remote-desk` (port 3005, /api proxied to the API).
import { renderStandalone } from 'shared/dev/renderStandalone';
import { screens } from './routes';

renderStandalone('remote-desk', [{ path: '/desk', screen: screens.board }]);
