import { CurrentPasswordField } from './CurrentPasswordField';
import { RenewRecoveryCodesDialog } from './RenewRecoveryCodesDialog';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import type { AccountRecord, TwoFactorSetup } from 'contracts/schemas/account';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, session, toast } from 'shared';
import { confirmTwoFactor, removeTwoFactor, setUpTwoFactor } from '../api/accountApi';
import { NS } from '../i18n';

export interface TwoFactorCardProps {
  account: AccountRecord;
  /** How many passkeys the user has: a passkey is a second factor too. */
  passkeys: number;
  /** Two-factor was set up or removed: the account is loaded again. */
  onChanged(): void;
}

/** The code input of the set-up and removal steps. */
function CodeField({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }) {
  const { t } = useTranslation(NS);
  return (
    <div style={{ marginBottom: 12 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        {t('twoFactor.code')}
      </label>
      <Input
        id={id}
        autoComplete="one-time-code"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        style={{ maxWidth: 220 }}
      />
    </div>
  );
}

/** The recovery codes, shown once after set-up or renewal, until the user says they kept them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation(NS);
  return (
    <div data-testid="recovery-codes">
      <Alert
        type="info"
        showIcon
        title={t('twoFactor.recoveryTitle')}
        description={t('twoFactor.recoveryHelp')}
        style={{ marginBottom: 12 }}
      />
      <ul aria-label={t('twoFactor.recoveryTitle')} style={{ fontFamily: 'monospace', columns: 2, maxWidth: 320 }}>
        {codes.map((recovery) => (
          <li key={recovery}>{recovery}</li>
        ))}
      </ul>
      <Button type="primary" onClick={onDone}>
        {t('twoFactor.done')}
      </Button>
    </div>
  );
}

/**
 * Two-factor sign-in: set up (QR code and secret, confirmed by a code; the recovery codes shown
 * once), or remove it with a current code or the password.
 */
export function TwoFactorCard({ account, passkeys, onChanged }: TwoFactorCardProps) {
  // A role's requirement holds the app only while no passkey is there.
  const requiredHere = account.two_factor_required && passkeys === 0;
  const { t } = useTranslation(NS);
  const id = useId();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [renewing, setRenewing] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const start = () => run(async () => setSetup(await setUpTwoFactor()));
  const confirm = () =>
    run(async () => {
      const answer = await confirmTwoFactor({ code });
      setCodes(answer.recovery_codes);
      setSetup(null);
      setCode('');
      session.secondFactorEnrolled();
      toast.success(t('twoFactor.on'));
    });
  const remove = () =>
    run(async () => {
      await removeTwoFactor(code ? { code } : { password });
      setCode('');
      setPassword('');
      toast.success(t('twoFactor.off'));
      onChanged();
    });
  const renewed = (fresh: string[]) => {
    setRenewing(false);
    setCodes(fresh);
    toast.success(t('twoFactor.renewed'));
  };
  const done = () => {
    setCodes(null);
    onChanged();
  };

  const alert = error ? <Alert type="error" showIcon role="alert" title={errorText(error)} style={{ marginBottom: 12 }} /> : null;
  const codeField = <CodeField id={`${id}-code`} value={code} onChange={setCode} />;

  return (
    <section aria-labelledby="account-2fa-title" data-testid="two-factor">
      <h2 id="account-2fa-title">{t('twoFactor.title')}</h2>
      {requiredHere && !account.two_factor ? (
        <Alert type="warning" showIcon title={t('twoFactor.requiredByRole')} style={{ marginBottom: 12 }} />
      ) : null}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={done} />
      ) : setup ? (
        <div>
          <p>{t('twoFactor.scan')}</p>
          <img src={setup.qr} alt={t('twoFactor.qrAlt')} width={200} height={200} />
          <p>
            {t('twoFactor.orType')} <code data-testid="totp-secret">{setup.secret}</code>
          </p>
          {alert}
          {codeField}
          <Button type="primary" loading={busy} onClick={() => void confirm()} disabled={code.trim() === ''}>
            {t('twoFactor.confirm')}
          </Button>
        </div>
      ) : account.two_factor ? (
        <div>
          <p>{t('twoFactor.isOn', { count: account.recovery_codes_left })}</p>
          <Button onClick={() => setRenewing(true)} style={{ marginBottom: 12 }}>
            {t('twoFactor.renewOpen')}
          </Button>
          {renewing ? <RenewRecoveryCodesDialog onClose={() => setRenewing(false)} onRenewed={renewed} /> : null}
          {requiredHere ? null : (
            <>
              {alert}
              {codeField}
              <CurrentPasswordField
                id={`${id}-password`}
                label={t('twoFactor.orPassword')}
                value={password}
                onChange={setPassword}
                maxWidth={220}
              />
              <Button danger loading={busy} onClick={() => void remove()} disabled={!code.trim() && !password}>
                {t('twoFactor.remove')}
              </Button>
            </>
          )}
        </div>
      ) : (
        <div>
          <p>{t(passkeys > 0 ? 'twoFactor.isOffWithPasskey' : 'twoFactor.isOff')}</p>
          {alert}
          <Button type="primary" loading={busy} onClick={() => void start()}>
            {t('twoFactor.setUp')}
          </Button>
        </div>
      )}
    </section>
  );
}
