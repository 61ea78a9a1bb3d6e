import CheckCircleFilled from '@ant-design/icons/es/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/es/icons/CloseCircleFilled';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { isEnabled } from '../model/options';

/**
 * Spec section 4: enabled 1 shows a green check and clicking asks to disable; 0 shows a red
 * cross and clicking asks to enable. The accessible name says the state and the action.
 */
export function EnabledIcon({ enabled, onToggle }: { enabled: unknown; onToggle?: () => void }) {
  const { t } = useTranslation(NS, { keyPrefix: 'list' });
  const on = isEnabled(enabled);
  const label = on ? t('enabled') : t('disabled');
  const icon = on ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <CloseCircleFilled style={{ color: '#ff4d4f' }} />;
  if (!onToggle) {
    return (
      <span role="img" aria-label={label} title={label} data-enabled={on ? '1' : '0'}>
        {icon}
      </span>
    );
  }
  const action = on ? t('confirm.actions.disable') : t('confirm.actions.enable');
  return (
    <Button
      type="text"
      size="small"
      icon={icon}
      aria-label={`${label}: ${action}`}
      title={`${label}: ${action}`}
      data-enabled={on ? '1' : '0'}
      onClick={onToggle}
    />
  );
}
