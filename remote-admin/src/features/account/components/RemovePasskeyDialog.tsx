import { CurrentPasswordField } from './CurrentPasswordField';
import Alert from 'antd/es/alert';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import type { Passkey } from 'contracts/schemas/passkeys';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from 'shared';
import { removePasskey } from '../api/accountApi';
import { useIdentityProof } from '../hooks/useIdentityProof';
import { NS } from '../i18n';

export interface RemovePasskeyDialogProps {
  /** The passkey to remove. */
  passkey: Passkey;
  /** Two-factor by an app is on: a code of it proves the person too. */
  withCode: boolean;
  onClose(): void;
  onRemoved(): void;
}

/** Removing a passkey asks for the current password, or a code of the authenticator app. */
export function RemovePasskeyDialog({ passkey, withCode, onClose, onRemoved }: RemovePasskeyDialogProps) {
  const { t } = useTranslation(NS);
  const id = useId();
  const { password, setPassword, code, setCode, error, busy, empty, submit } = useIdentityProof();
  const confirm = () =>
    submit(async (proof) => {
      await removePasskey(passkey.id, proof);
      onRemoved();
    });

  return (
    <Modal
      open
      title={t('passkeys.removeTitle', { name: passkey.name })}
      okText={t('passkeys.remove')}
      okButtonProps={{ danger: true, loading: busy, disabled: empty }}
      cancelText={t('passkeys.cancel')}
      onOk={() => void confirm()}
      onCancel={onClose}
    >
      <p>{t('passkeys.removeHelp')}</p>
      {error ? <Alert type="error" showIcon role="alert" title={errorText(error)} style={{ marginBottom: 12 }} /> : null}
      <CurrentPasswordField id={`${id}-password`} label={t('passkeys.password')} value={password} onChange={setPassword} />
      {withCode ? (
        <div>
          <label htmlFor={`${id}-code`} style={{ display: 'block', marginBottom: 4 }}>
            {t('passkeys.orCode')}
          </label>
          <Input id={`${id}-code`} autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
        </div>
      ) : null}
    </Modal>
  );
}
