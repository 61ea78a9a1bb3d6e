import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { UserRecord } from 'contracts/schemas/people';
import type { UserSort } from 'contracts/rules/people';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'shared';
import type { UsersData } from '../api/loaders';
import { NS } from '../i18n';
import { USERS_PAGE_SIZE, type UsersView as View } from '../model/userQuery';
import { LinkDialog } from './LinkDialog';
import { UserFilters } from './UserFilters';
import { UserFormDialog } from './UserFormDialog';
import { useUserColumns, type ShownLink } from './useUserColumns';

export interface UsersViewProps {
  data: UsersData;
  /** Show another view (search, filters, sort, page): the screen puts it in the address. */
  onView(view: View): void;
  /** Load the page again after a change. */
  onChanged(): void;
}

/** /admin/users: the users, searched, filtered, sorted, paged; invite, edit, disable / enable, password link. */
export function UsersView({ data, onView, onChanged }: UsersViewProps) {
  const { t } = useTranslation(NS);
  const { view, page, roles } = data;
  const [form, setForm] = useState<'invite' | UserRecord | null>(null);
  const [link, setLink] = useState<ShownLink | null>(null);
  const { columns, holder } = useUserColumns(view, { onEdit: setForm, onLink: setLink, onChanged });

  return (
    <div>
      {holder}
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <UserFilters view={view} roles={roles} onView={onView} />
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
