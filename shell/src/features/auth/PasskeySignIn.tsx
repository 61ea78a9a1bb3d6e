import { useTranslation } from 'react-i18next';
import { SHELL_NS } from '../../i18n/i18n';
import { Button } from '../../ui';
import { passkeysSupported } from './passkey';

/** "or Sign in with a passkey" under the login form, when the browser can use passkeys. antd-free like the form. */
export function PasskeySignIn({ onClick }: { onClick(): void }) {
  const { t } = useTranslation(SHELL_NS);
  if (!passkeysSupported()) return null;
  return (
    <div className="nd-root" style={{ marginTop: 12 }}>
      <p style={{ textAlign: 'center', margin: '0 0 8px', color: '#595959' }}>{t('login.or')}</p>
      <Button block type="button" onClick={onClick}>
        {t('login.passkey')}
      </Button>
    </div>
  );
}
