import { getInstance, loadRemote, registerPlugins, registerRemotes, satisfy } from '@module-federation/enhanced/runtime';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { configureShared, i18n, loading, session } from 'shared';
import { AppRoot } from './app/AppRoot';
import { registerShellTranslations } from './i18n/i18n';
import { createAppRouter } from './app/router';
import { watchSessionExpiry } from './app/sessionExpiry';
import { createManifestCache } from './features/remotes/manifestCache';
import { createRemoteLoader } from './features/remotes/remoteLoader';
import { findSkew, loadedVersionIn } from './features/remotes/skew';

registerShellTranslations();

// Remotes come from /remotes.json (nothing about them is built into the shell). Fetched now,
// in parallel with the first render; a failure is reported by the screens that need a remote.
// Each remote's mf-manifest.json is fetched once (with the time-out) for the prefetch, the version
// check and the runtime alike.
const manifests = createManifestCache({ timeoutMs: () => remoteLoader.timeoutMs() });
registerPlugins([manifests.runtimePlugin()]);
const remoteLoader = createRemoteLoader({
  runtime: { registerRemotes, loadRemote },
  track: (work) => loading.track(work),
  checkVersions: async (_remote, manifestUrl) =>
    findSkew(await manifests.json(manifestUrl), (name) => loadedVersionIn(getInstance()?.shareScopeMap, name), satisfy),
  forget: (manifestUrl) => manifests.forget(manifestUrl),
});
// Remotes reach each other's exposed modules (e.g. the CategoryTree picker) through the shell's loader.
configureShared({ apiBaseUrl: '', loadRemoteModule: (id) => remoteLoader.loadModule(id) });
remoteLoader.init().catch((error: unknown) => console.error(error));

const router = createAppRouter(remoteLoader, { fetchJson: (url) => manifests.json(url) });
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
