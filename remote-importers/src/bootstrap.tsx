// Standalone page for `npm start -w remote-importers` (port 3003, /api proxied to the API).
import { renderStandalone } from 'shared/dev/renderStandalone';
import { screens } from './routes';

renderStandalone('remote-importers', [
  { path: '/import', screen: screens.list },
  { path: '/import/new', screen: screens.editor },
  { path: '/import/edit/:id', screen: screens.editor },
]);
