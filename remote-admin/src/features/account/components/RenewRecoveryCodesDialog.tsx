import { CurrentPasswordField } from './CurrentPasswordField';
import Alert from 'antd/es/alert';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from 'shared';
import { renewRecoveryCodes } from '../api/accountApi';
import { useIdentityProof } from '../hooks/useIdentityProof';
import { NS } from '../i18n';

export interface RenewRecoveryCodesDialogProps {
  onClose(): void;
  /** The new codes (shown once by the card); the old ones no longer work. */
  onRenewed(codes: string[]): void;
}

/** New recovery codes, confirmed by a code of the authenticator app (or a recovery code) or the password. */
export function RenewRecoveryCodesDialog({ onClose, onRenewed }: RenewRecoveryCodesDialogProps) {
  const { t } = useTranslation(NS);
  const id = useId();
  const { password, setPassword, code, setCode, error, busy, empty, submit } = useIdentityProof();
  const confirm = () =>
    submit(async (proof) => {
      const answer = await renewRecoveryCodes(proof);
      onRenewed(answer.recovery_codes);
    });

  return (
    <Modal
      open
      title={t('twoFactor.renewTitle')}
      okText={t('twoFactor.renew')}
      okButtonProps={{ loading: busy, disabled: empty }}
      cancelText={t('twoFactor.cancel')}
      onOk={() => void confirm()}
      onCancel={onClose}
    >
      <p>{t('twoFactor.renewHelp')}</p>
      {error ? <Alert type="error" showIcon role="alert" title={errorText(error)} style={{ marginBottom: 12 }} /> : null}
      <div style={{ marginBottom: 12 }}>
        <label htmlFor={`${id}-code`} style={{ display: 'block', marginBottom: 4 }}>
          {t('twoFactor.code')}
        </label>
        <Input id={`${id}-code`} autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
      </div>
      <CurrentPasswordField id={`${id}-password`} label={t('twoFactor.orPassword')} value={password} onChange={setPassword} />
    </Modal>
  );
}
