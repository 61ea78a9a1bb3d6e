// The Users table's columns and each row's actions: edit, enable or disable (confirmed), a
// password link, the user's activity.
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import type { TableProps } from 'antd';
import type { UserSort } from 'contracts/rules/people';
import type { AccountLink, UserRecord } from 'contracts/schemas/people';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText, toast } from 'shared';
import { makeResetLink, setUserEnabled } from '../api/peopleApi';
import { NS } from '../i18n';
import { issuerLabel } from '../model/ssoIssuer';
import type { UsersView as View } from '../model/userQuery';

export type ShownLink = AccountLink & { purpose: 'invite' | 'reset' };

interface RowHandlers {
  onEdit(user: UserRecord): void;
  /** A password link was made: the screen shows it. */
  onLink(link: ShownLink): void;
  /** Load the page again after a change. */
  onChanged(): void;
}

/** The row actions' work: toasts and a reload; disabling asks first. The modal holder is rendered by the caller. */
function useUserActions({ onLink, onChanged }: Omit<RowHandlers, 'onEdit'>) {
  const { t } = useTranslation(NS);
  const [modal, holder] = Modal.useModal();
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
      onChanged();
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return {
    holder,
    enable: (user: UserRecord) => void act(() => setUserEnabled(user.id, true), t('users.enabled', { name: user.name })),
    disable: (user: UserRecord) =>
      void modal.confirm({
        title: t('users.disable', { name: user.name }),
        content: t('users.disableConfirm', { name: user.name }),
        okButtonProps: { danger: true },
        onOk: () => act(() => setUserEnabled(user.id, false), t('users.disabled', { name: user.name })),
      }),
    resetLink: async (user: UserRecord) => {
      try {
        const answer = await makeResetLink(user.id);
        onLink({ ...answer, purpose: user.status === 'invited' ? 'invite' : 'reset' });
      } catch (error) {
        toast.error(errorText(error));
      }
    },
  };
}

type UserActions = ReturnType<typeof useUserActions>;

function UserRowActions({ user, onEdit, actions }: { user: UserRecord; onEdit(user: UserRecord): void; actions: UserActions }) {
  const { t } = useTranslation(NS);
  return (
    <Space wrap size={4}>
      <Button size="small" onClick={() => onEdit(user)} aria-label={t('users.edit', { name: user.name })}>
        {t('actions.edit')}
      </Button>
      {user.status === 'disabled' ? (
        <Button size="small" onClick={() => actions.enable(user)} aria-label={t('users.enable', { name: user.name })}>
          {t('actions.enable')}
        </Button>
      ) : (
        <>
          <Button size="small" danger onClick={() => actions.disable(user)} aria-label={t('users.disable', { name: user.name })}>
            {t('actions.disable')}
          </Button>
          <Button size="small" onClick={() => void actions.resetLink(user)} aria-label={t('users.resetLink', { name: user.name })}>
            {t('actions.resetLink')}
          </Button>
        </>
      )}
      <Link to={`/activity?entity=user&entity_id=${user.id}`} aria-label={t('users.activity', { name: user.name })}>
        {t('actions.activity')}
      </Link>
    </Space>
  );
}

/** The status tag, and a tag per single sign-on provider the user is linked to. */
function UserStatus({ user }: { user: UserRecord }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Tag data-status={user.status}>{t(`users.statuses.${user.status}`)}</Tag>
      {user.sso_issuers.map((issuer) => (
        <Tag key={issuer} color="blue" data-testid="sso-tag" title={t('users.ssoLinked', { issuer })}>
          {t('users.sso', { issuer: issuerLabel(issuer) })}
        </Tag>
      ))}
    </>
  );
}

/** The columns (sortable ones show the view's order) and the modal holder the row actions need. */
export function useUserColumns(view: View, handlers: RowHandlers): { columns: TableProps<UserRecord>['columns']; holder: ReactNode } {
  const { t, i18n } = useTranslation(NS);
  const actions = useUserActions(handlers);
  const sortOrder = (key: UserSort) => (view.sort === key ? (view.dir === 'asc' ? 'ascend' : 'descend') : null);
  const columns: TableProps<UserRecord>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('users.columns.name'), sorter: true, sortOrder: sortOrder('name') },
    { key: 'username', dataIndex: 'username', title: t('users.columns.username'), sorter: true, sortOrder: sortOrder('username') },
    { key: 'email', dataIndex: 'email', title: t('users.columns.email'), sorter: true, sortOrder: sortOrder('email') },
    {
      key: 'roles',
      title: t('users.columns.roles'),
      render: (_, user) => user.roles.map((role) => <Tag key={role.id}>{role.title}</Tag>),
    },
    { key: 'status', title: t('users.columns.status'), render: (_, user) => <UserStatus user={user} /> },
    {
      key: 'two_factor',
      title: t('users.columns.two_factor'),
      render: (_, user) => (user.two_factor ? t('users.twoFactorOn') : t('users.twoFactorOff')),
    },
    {
      key: 'last_sign_in',
      title: t('users.columns.last_sign_in'),
      sorter: true,
      sortOrder: sortOrder('last_sign_in'),
      render: (_, user) => (user.last_sign_in ? new Date(user.last_sign_in).toLocaleString(i18n.language) : t('users.never')),
    },
    {
      key: 'actions',
      title: t('users.columns.actions'),
      render: (_, user) => <UserRowActions user={user} onEdit={handlers.onEdit} actions={actions} />,
    },
  ];
  return { columns, holder: actions.holder };
}
