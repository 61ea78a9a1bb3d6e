import type { PasskeyOptions } from 'contracts/schemas/passkeys';
import type { SessionData } from 'contracts/schemas/session';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiPost, errorText, session } from 'shared';
import { SHELL_NS } from '../../i18n/i18n';
import { Alert, Button } from '../../ui';
import { passkeyRegistration, passkeysSupported } from '../auth';

/**
 * "Use a passkey instead" on an invitation: the browser creates a passkey for the invited user
 * (options bound to the invitation), the API checks it, uses the link up and signs the person in.
 * Offered only where the browser can use passkeys. antd-free like the rest of the page.
 */
export function InvitationPasskey({ token }: { token: string }) {
  const { t } = useTranslation(SHELL_NS);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!passkeysSupported()) return null;

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const { options } = await apiPost<PasskeyOptions>('/api/v2/account-link/passkey/options', { token });
      let response: unknown;
      try {
        response = await passkeyRegistration(options);
      } catch {
        // Cancelled, timed out or impossible on this device: the password form is still there.
        throw new Error(t('accountLink.passkeyCancelled'));
      }
      const answer = await apiPost<SessionData>('/api/v2/account-link/passkey', { token, name: t('accountLink.passkeyName'), response });
      if (await session.adopt(answer)) void navigate('/', { replace: true });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="nd-root" style={{ marginTop: 12 }} data-testid="invitation-passkey">
      <p style={{ textAlign: 'center', margin: '0 0 8px', color: '#595959' }}>{t('login.or')}</p>
      {error ? <Alert type="danger" title={errorText(error)} style={{ marginBottom: 12 }} /> : null}
      <Button block type="button" disabled={busy} onClick={() => void create()}>
        {t('accountLink.passkeyInstead')}
      </Button>
      <p style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)', marginTop: 4 }}>{t('accountLink.passkeyHelp')}</p>
    </div>
  );
}
