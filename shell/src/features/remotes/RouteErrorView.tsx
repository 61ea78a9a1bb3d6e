import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isMissingRightError } from 'shared';
import { SHELL_NS } from '../../i18n/i18n';
import { AccessDenied, RemoteError, ScreenError } from './RemoteError';
import { isRemoteLoadError, type RemoteLoader } from './remoteLoader';

export function errorMessage(error: unknown, fallback: string): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' ? error.data : (error.data as { message?: unknown } | null)?.message;
    return [`${error.status} ${error.statusText}`.trim(), typeof detail === 'string' ? detail : ''].filter(Boolean).join(': ');
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/**
 * The error element of a remote screen's route. It renders in the parent's outlet, so the shell
 * layout (navbar, banner) stays and every other route keeps working.
 * - the remote did not load → RemoteError; Retry forgets the failed load and runs the route again;
 * - the screen's loader refused the user (shared's requireRight) → AccessDenied, by the right missing;
 * - the screen's loader failed (e.g. API 500) or it crashed → ScreenError; Retry runs it again.
 */
export function RouteErrorView({ remote, loader }: { remote: string; loader: RemoteLoader }) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const { t } = useTranslation(SHELL_NS);
  const retrying = revalidator.state === 'loading';

  if (isMissingRightError(error)) return <AccessDenied right={error.right} />;
  if (isRemoteLoadError(error)) {
    return (
      <RemoteError
        remote={error.remote || remote}
        message={error.skew ? undefined : error.message}
        skew={error.skew}
        retrying={retrying}
        onRetry={() => {
          loader.reset(error.remote || remote);
          void revalidator.revalidate();
        }}
      />
    );
  }
  return (
    <ScreenError
      message={errorMessage(error, t('screenError.unknown'))}
      retrying={retrying}
      onRetry={() => void revalidator.revalidate()}
    />
  );
}
