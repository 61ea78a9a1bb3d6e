import CheckCircleFilled from '@ant-design/icons/es/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/es/icons/CloseCircleFilled';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { isEnabled } from '../model/options';

/** Spec section 4: enabled 1 shows a green check, 0 a red cross. (Toggling comes with the next issue.) */
export function EnabledIcon({ enabled }: { enabled: unknown }) {
  const { t } = useTranslation(NS, { keyPrefix: 'list' });
  const on = isEnabled(enabled);
  const label = on ? t('enabled') : t('disabled');
  return (
    <span role="img" aria-label={label} title={label} data-enabled={on ? '1' : '0'}>
      {on ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <CloseCircleFilled style={{ color: '#ff4d4f' }} />}
    </span>
  );
}
