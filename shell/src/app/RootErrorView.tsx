import { useRevalidator, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ScreenError } from '../features/remotes/RemoteError';
import { errorMessage } from '../features/remotes/RouteErrorView';
import { SHELL_NS } from '../i18n/i18n';

/** The root loader failed (e.g. a start-up task): say so, offer Retry. */
export function RootErrorView() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const { t } = useTranslation(SHELL_NS);
  return (
    <ScreenError
      title={t('startup.failed')}
      message={errorMessage(error, t('screenError.unknown'))}
      retrying={revalidator.state === 'loading'}
      onRetry={() => void revalidator.revalidate()}
    />
  );
}
