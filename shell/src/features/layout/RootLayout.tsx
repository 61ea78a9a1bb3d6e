import { Outlet } from 'react-router-dom';
import { InsecureBanner } from './InsecureBanner';
import { GlobalLoadingOverlay } from './LoadingOverlay';

/**
 * The root view: the insecure-connection banner, the routed view and the loading overlay.
 * The navbar and the toasts belong to the signed-in screens (SignedInLayout), so the navbar shows
 * only when signed in.
 */
export function RootLayout() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <InsecureBanner />
      <main style={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Outlet />
      </main>
      <GlobalLoadingOverlay />
    </div>
  );
}
