import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { configureShared, i18n, loading, session } from 'shared';
import { AppRoot } from './app/AppRoot';
import { registerShellTranslations } from './i18n/i18n';
import { createAppRouter } from './app/router';
import { watchSessionExpiry } from './app/sessionExpiry';
import { createRemoteLoader } from './features/remotes/remoteLoader';

registerShellTranslations();

// Remotes come from /remotes.json (nothing about them is built into the shell). Fetched now,
// in parallel with the first render; a failure is reported by the screens that need a remote.
const remoteLoader = createRemoteLoader({
  runtime: { registerRemotes, loadRemote },
  track: (work) => loading.track(work),
});
// Remotes reach each other's exposed modules (e.g. the CategoryTree picker) through the shell's loader.
configureShared({ apiBaseUrl: '', loadRemoteModule: (id) => remoteLoader.loadModule(id) });
remoteLoader.init().catch((error: unknown) => console.error(error));

const router = createAppRouter(remoteLoader);
// A 401 from any call ends the session (shared) → /login, back there after signing in.
watchSessionExpiry(
  session,
  (to) => void router.navigate(to, { replace: true }),
  () => {
    const pending = router.state.navigation.location;
    return pending ? `${pending.pathname}${pending.search}` : null;
  },
);

const container = document.getElementById('root');
if (!container) throw new Error('Newsdesk: no #root element in index.html');
createRoot(container).render(
  <I18nextProvider i18n={i18n}>
    <AppRoot router={router} />
  </I18nextProvider>,
);
