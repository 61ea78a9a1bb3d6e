import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import type { AccountLink } from 'contracts/schemas/people';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

export interface LinkDialogProps {
  /** The answer of an invitation or reset: its link is shown here once, then gone. */
  answer: (AccountLink & { purpose: 'invite' | 'reset' }) | null;
  onClose(): void;
}

/** Shows an invitation or password link once (no SMTP), or says where it was mailed. */
export function LinkDialog({ answer, onClose }: LinkDialogProps) {
  const { t, i18n } = useTranslation(NS);
  const [copied, setCopied] = useState(false);
  if (!answer) return null;
  const expires = new Date(answer.expires).toLocaleString(i18n.language);
  const copy = async () => {
    if (!answer.link) return;
    await navigator.clipboard?.writeText(answer.link).catch(() => undefined);
    setCopied(true);
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Modal
      open
      title={t(answer.purpose === 'invite' ? 'link.inviteTitle' : 'link.resetTitle', { name: answer.user.name })}
      onCancel={close}
      footer={<Button onClick={close}>{t('link.close')}</Button>}
    >
      {answer.link ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={t('link.once', { expires })} />
          <label htmlFor="account-link">{t('link.label')}</label>
          <Space.Compact style={{ width: '100%' }}>
            <Input id="account-link" readOnly value={answer.link} data-testid="account-link" onFocus={(event) => event.target.select()} />
            <Button type="primary" onClick={() => void copy()}>
              {copied ? t('link.copied') : t('link.copy')}
            </Button>
          </Space.Compact>
        </Space>
      ) : (
        <Alert type="success" showIcon title={t('link.emailed', { email: answer.user.email, expires })} />
      )}
    </Modal>
  );
}
