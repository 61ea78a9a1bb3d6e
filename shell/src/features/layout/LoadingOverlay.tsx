import { useTranslation } from 'react-i18next';
import { useLoading } from 'shared';
import { SHELL_NS } from '../../i18n/i18n';
import { Spinner } from '../../ui';
import { useDelayedFlag } from './useDelayedFlag';

/** How long a request runs before the overlay covers the page (quicker answers show no overlay). */
export const OVERLAY_DELAY_MS = 300;

/** Full-window overlay reading "Loading..." while anything is in flight (shared loading counter). */
export function LoadingOverlay({ visible }: { visible: boolean }) {
  const { t } = useTranslation(SHELL_NS);
  if (!visible) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
      className="nd-root"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        background: 'rgba(255, 255, 255, 0.6)',
      }}
    >
      <Spinner />
      <div style={{ fontSize: 16 }}>{t('loading')}</div>
    </div>
  );
}

/** The overlay bound to the shared loading counter, once something has been in flight for OVERLAY_DELAY_MS. */
export function GlobalLoadingOverlay() {
  return <LoadingOverlay visible={useDelayedFlag(useLoading(), OVERLAY_DELAY_MS)} />;
}
