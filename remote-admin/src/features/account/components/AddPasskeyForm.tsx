import Button from 'antd/es/button';
import Input from 'antd/es/input';
import { PASSKEY_NAME_MAX_LENGTH } from 'contracts/rules/account';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

export interface AddPasskeyFormProps {
  busy: boolean;
  /** Called with the name typed (trimmed, not empty); resolves whether the passkey was added (the form is emptied then). */
  onAdd(name: string): Promise<boolean>;
}

/** The name of a new passkey and the button that starts making it. */
export function AddPasskeyForm({ busy, onAdd }: AddPasskeyFormProps) {
  const { t } = useTranslation(NS);
  const id = useId();
  const [name, setName] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return;
        void onAdd(name.trim()).then((added) => {
          if (added) setName('');
        });
      }}
      style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}
    >
      <div>
        <label htmlFor={`${id}-name`} style={{ display: 'block', marginBottom: 4 }}>
          {t('passkeys.newName')}
        </label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          placeholder={t('passkeys.namePlaceholder')}
          onChange={(event) => setName(event.target.value)}
          style={{ width: 240 }}
        />
      </div>
      <Button type="primary" htmlType="submit" loading={busy} disabled={name.trim() === ''}>
        {t('passkeys.add')}
      </Button>
    </form>
  );
}
