import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Table from 'antd/es/table';
import type { TableProps } from 'antd';
import type { AccountRecord } from 'contracts/schemas/account';
import type { Passkey } from 'contracts/schemas/passkeys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, session, toast } from 'shared';
import { NS } from '../i18n';
import { PasskeyCeremonyError, passkeysSupported, registerPasskey } from '../model/registerPasskey';
import { AddPasskeyForm } from './AddPasskeyForm';
import { RemovePasskeyDialog } from './RemovePasskeyDialog';

export interface PasskeysCardProps {
  account: AccountRecord;
  passkeys: Passkey[];
  /** A passkey was added or removed: the screen's data is loaded again. */
  onChanged(): void;
}

/** My passkeys: each with its name, when added and last used; add one (named), remove one (password or code). */
export function PasskeysCard({ account, passkeys, onChanged }: PasskeysCardProps) {
  const { t, i18n } = useTranslation(NS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const add = async (name: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await registerPasskey(name);
      session.secondFactorEnrolled();
      toast.success(t('passkeys.added'));
      onChanged();
      return true;
    } catch (caught) {
      setError(caught);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const columns: TableProps<Passkey>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('passkeys.name') },
    { key: 'created', title: t('passkeys.created'), render: (_value, row) => when.format(new Date(row.created)) },
    {
      key: 'last_used',
      title: t('passkeys.lastUsed'),
      render: (_value, row) => (row.last_used ? when.format(new Date(row.last_used)) : t('passkeys.never')),
    },
    {
      key: 'actions',
      title: t('passkeys.actions'),
      render: (_value, row) => (
        <Button danger size="small" aria-label={t('passkeys.removeNamed', { name: row.name })} onClick={() => setRemoving(row)}>
          {t('passkeys.remove')}
        </Button>
      ),
    },
  ];

  const message = error instanceof PasskeyCeremonyError ? t('passkeys.cancelled') : error ? errorText(error) : null;

  return (
    <section aria-labelledby="account-passkeys-title" data-testid="passkeys">
      <h2 id="account-passkeys-title">{t('passkeys.title')}</h2>
      <p>{t('passkeys.help')}</p>
      {passkeys.length > 0 ? (
        <Table<Passkey>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={passkeys}
          pagination={false}
          style={{ marginBottom: 16 }}
          aria-label={t('passkeys.title')}
        />
      ) : (
        <p>{t('passkeys.none')}</p>
      )}
      {message ? <Alert type="error" showIcon role="alert" title={message} style={{ marginBottom: 12 }} /> : null}
      {passkeysSupported() ? (
        <AddPasskeyForm busy={busy} onAdd={add} />
      ) : (
        <p data-testid="passkeys-unsupported">{t('passkeys.unsupported')}</p>
      )}
      {removing ? (
        <RemovePasskeyDialog
          passkey={removing}
          withCode={account.two_factor}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setRemoving(null);
            toast.success(t('passkeys.removed'));
            onChanged();
          }}
        />
      ) : null}
    </section>
  );
}
