import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { TableProps } from 'antd';
import type { AccountSession } from 'contracts/schemas/account';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText, session, toast } from 'shared';
import { endOtherSessions, endSession } from '../api/accountApi';
import { NS } from '../i18n';
import { deviceName } from '../model/device';

export interface SessionsListProps {
  sessions: AccountSession[];
  /** A session ended: the list is loaded again. */
  onChanged(): void;
}

/** The user's own sessions (device, address, last seen, "this device"): sign one out, or every other. */
export function SessionsList({ sessions, onChanged }: SessionsListProps) {
  const { t, i18n } = useTranslation(NS);
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const deviceOf = (row: AccountSession) => {
    const name = deviceName(row.user_agent);
    if (!name || (!name.browser && !name.system)) return row.user_agent?.slice(0, 60) || t('sessions.unknownDevice');
    return [name.browser, name.system].filter(Boolean).join(' · ');
  };

  const signOut = async (row: AccountSession) => {
    // This device: the ordinary sign-out (this tab and the others of this browser, then /login).
    if (row.current) {
      await session.logout();
      void navigate('/login', { replace: true });
      return;
    }
    try {
      await endSession(row.id);
      toast.success(t('sessions.signedOut'));
    } catch (error) {
      toast.error(errorText(error));
    }
    onChanged();
  };

  const signOutOthers = () =>
    void modal.confirm({
      title: t('sessions.signOutOthers'),
      content: t('sessions.signOutOthersConfirm'),
      okText: t('sessions.signOutOthers'),
      onOk: async () => {
        try {
          const { ended } = await endOtherSessions();
          toast.success(t('sessions.endedOthers', { count: ended }));
        } catch (error) {
          toast.error(errorText(error));
        }
        onChanged();
      },
    });

  const columns: TableProps<AccountSession>['columns'] = [
    {
      key: 'device',
      title: t('sessions.device'),
      render: (_value, row) => (
        <span title={row.user_agent ?? undefined}>
          {deviceOf(row)}{' '}
          {row.current ? (
            <Tag color="blue" data-testid="this-device">
              {t('sessions.thisDevice')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { key: 'ip', dataIndex: 'ip', title: t('sessions.ip') },
    { key: 'last_seen', title: t('sessions.lastSeen'), render: (_value, row) => when.format(new Date(row.last_seen)) },
    { key: 'created', title: t('sessions.signedIn'), render: (_value, row) => when.format(new Date(row.created)) },
    {
      key: 'actions',
      title: t('sessions.actions'),
      render: (_value, row) => (
        <Button size="small" onClick={() => void signOut(row)} aria-label={t('sessions.signOutNamed', { device: deviceOf(row) })}>
          {t('sessions.signOut')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="account-sessions-title">
      {modalHolder}
      <h2 id="account-sessions-title">{t('sessions.title')}</h2>
      <Table<AccountSession>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={sessions}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="account-sessions"
      />
      <Button style={{ marginTop: 12 }} danger disabled={sessions.every((row) => row.current)} onClick={signOutOthers}>
        {t('sessions.signOutOthers')}
      </Button>
    </section>
  );
}
