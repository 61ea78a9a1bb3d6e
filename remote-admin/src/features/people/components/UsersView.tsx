import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { TableProps } from 'antd';
import { USER_STATUSES, type UserSort } from 'contracts/rules/people';
import type { AccountLink, UserRecord } from 'contracts/schemas/people';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText, toast } from 'shared';
import { makeResetLink, setUserEnabled } from '../api/peopleApi';
import type { UsersData } from '../api/loaders';
import { NS } from '../i18n';
import { issuerLabel } from '../model/ssoIssuer';
import { USERS_PAGE_SIZE, type UsersView as View } from '../model/userQuery';
import { LinkDialog } from './LinkDialog';
import { UserFormDialog } from './UserFormDialog';

export interface UsersViewProps {
  data: UsersData;
  /** Show another view (search, filters, sort, page): the screen puts it in the address. */
  onView(view: View): void;
  /** Load the page again after a change. */
  onChanged(): void;
}

/** /admin/users: the users, searched, filtered, sorted, paged; invite, edit, disable / enable, password link. */
export function UsersView({ data, onView, onChanged }: UsersViewProps) {
  const { t, i18n } = useTranslation(NS);
  const { view, page, roles } = data;
  const [search, setSearch] = useState(view.search);
  const [form, setForm] = useState<'invite' | UserRecord | null>(null);
  const [link, setLink] = useState<(AccountLink & { purpose: 'invite' | 'reset' }) | null>(null);
  const [modal, modalHolder] = Modal.useModal();

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
      onChanged();
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const disable = (user: UserRecord) =>
    void modal.confirm({
      title: t('users.disable', { name: user.name }),
      content: t('users.disableConfirm', { name: user.name }),
      okButtonProps: { danger: true },
      onOk: () => act(() => setUserEnabled(user.id, false), t('users.disabled', { name: user.name })),
    });

  const resetLink = async (user: UserRecord) => {
    try {
      const answer = await makeResetLink(user.id);
      setLink({ ...answer, purpose: user.status === 'invited' ? 'invite' : 'reset' });
    } catch (error) {
      toast.error(errorText(error));
    }
  };

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
    {
      key: 'status',
      title: t('users.columns.status'),
      render: (_, user) => (
        <>
          <Tag data-status={user.status}>{t(`users.statuses.${user.status}`)}</Tag>
          {user.sso_issuers.map((issuer) => (
            <Tag key={issuer} color="blue" data-testid="sso-tag" title={t('users.ssoLinked', { issuer })}>
              {t('users.sso', { issuer: issuerLabel(issuer) })}
            </Tag>
          ))}
        </>
      ),
    },
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
      render: (_, user) => (
        <Space wrap size={4}>
          <Button size="small" onClick={() => setForm(user)} aria-label={t('users.edit', { name: user.name })}>
            {t('actions.edit')}
          </Button>
          {user.status === 'disabled' ? (
            <Button
              size="small"
              onClick={() => void act(() => setUserEnabled(user.id, true), t('users.enabled', { name: user.name }))}
              aria-label={t('users.enable', { name: user.name })}
            >
              {t('actions.enable')}
            </Button>
          ) : (
            <>
              <Button size="small" danger onClick={() => disable(user)} aria-label={t('users.disable', { name: user.name })}>
                {t('actions.disable')}
              </Button>
              <Button size="small" onClick={() => void resetLink(user)} aria-label={t('users.resetLink', { name: user.name })}>
                {t('actions.resetLink')}
              </Button>
            </>
          )}
          <Link to={`/activity?entity=user&entity_id=${user.id}`} aria-label={t('users.activity', { name: user.name })}>
            {t('actions.activity')}
          </Link>
        </Space>
      ),
    },
  ];

  return (
    <div>
      {modalHolder}
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            aria-label={t('users.search')}
            placeholder={t('users.search')}
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => onView({ ...view, search: value, page: 1 })}
            style={{ width: 280 }}
          />
          <Select
            aria-label={t('users.role')}
            style={{ width: 180 }}
            value={view.role ?? 0}
            onChange={(role: number) => onView({ ...view, role: role || undefined, page: 1 })}
            options={[{ value: 0, label: t('users.anyRole') }, ...roles.map((role) => ({ value: role.id, label: role.title }))]}
          />
          <Select
            aria-label={t('users.status')}
            style={{ width: 160 }}
            value={view.status ?? ''}
            onChange={(status: string) => onView({ ...view, status: (status || undefined) as View['status'], page: 1 })}
            options={[
              { value: '', label: t('users.anyStatus') },
              ...USER_STATUSES.map((status) => ({ value: status, label: t(`users.statuses.${status}`) })),
            ]}
          />
          <Select
            aria-label={t('users.columns.two_factor')}
            style={{ width: 180 }}
            value={view.twoFactor ?? ''}
            onChange={(twoFactor: string) => onView({ ...view, twoFactor: (twoFactor || undefined) as View['twoFactor'], page: 1 })}
            options={[
              { value: '', label: t('users.anyTwoFactor') },
              { value: 'on', label: t('users.twoFactorOn') },
              { value: 'off', label: t('users.twoFactorOff') },
            ]}
          />
        </Space>
        <Space>
          <Link to="/admin/roles">{t('users.rolesLink')}</Link>
          <Button type="primary" onClick={() => setForm('invite')}>
            {t('users.invite')}
          </Button>
        </Space>
      </Space>
      <Table<UserRecord>
        rowKey="id"
        columns={columns}
        dataSource={page.items}
        pagination={{
          current: view.page,
          pageSize: USERS_PAGE_SIZE,
          total: page.total,
          showSizeChanger: false,
          showTotal: (count) => t('users.total', { count }),
        }}
        onChange={(pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const sort = (one?.order ? (one.columnKey as UserSort) : 'name') ?? 'name';
          const dir = one?.order === 'descend' ? 'desc' : 'asc';
          const changedSort = sort !== view.sort || dir !== view.dir;
          onView({ ...view, sort, dir, page: changedSort ? 1 : (pagination.current ?? 1) });
        }}
      />
      <UserFormDialog
        target={form}
        roles={roles}
        onClose={() => setForm(null)}
        onInvited={(answer) => {
          setForm(null);
          setLink({ ...answer, purpose: 'invite' });
          onChanged();
        }}
        onSaved={() => {
          setForm(null);
          toast.success(t('users.saved'));
          onChanged();
        }}
      />
      <LinkDialog answer={link} onClose={() => setLink(null)} />
    </div>
  );
}
