import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { buildLabel } from './buildLabel';
import { APP_PREFIX, IMPORTERS_NS } from './i18n';

export const REMOTE_FOLDER = 'remote-importers';

/** Small muted footer: "remote-importers · build {label}". */
export function BuildFooter() {
  const { t } = useTranslation(IMPORTERS_NS, { keyPrefix: APP_PREFIX });
  return (
    <Typography.Text
      type="secondary"
      data-testid="build-label"
      data-remote={REMOTE_FOLDER}
      style={{ display: 'block', marginTop: 24, fontSize: 11, textAlign: 'right' }}
    >
      {t('buildLabel', { name: REMOTE_FOLDER, label: buildLabel() })}
    </Typography.Text>
  );
}
