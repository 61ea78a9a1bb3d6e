import { useTranslation } from 'react-i18next';
import { SHELL_NS } from '../../i18n/i18n';
import { Alert } from '../../ui';

/** The spec's warning, shown whenever the page is not served over https. */
export function isInsecureProtocol(protocol: string): boolean {
  return protocol !== 'https:';
}

/** A warning bar like antd's `<Alert type="warning" banner>`, without antd (shown on /login). */
export function InsecureBanner({ protocol = window.location.protocol }: { protocol?: string }) {
  const { t } = useTranslation(SHELL_NS);
  if (!isInsecureProtocol(protocol)) return null;
  return <Alert type="warning" banner role="status" title={t('banner')} data-testid="insecure-banner" />;
}
