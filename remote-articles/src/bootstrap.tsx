// Standalone page for `npm start -w remote-articles` (port 3001, /api proxied to the API).
import { renderStandalone } from 'shared/dev/renderStandalone';
import { screens } from './routes';

renderStandalone('remote-articles', [
  { path: '/', screen: screens.portal },
  { path: '/articles', screen: screens.portal },
]);
