import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { TableProps } from 'antd';
import type { CategoryNode } from 'contracts/schemas/categories';
import type { RoleRecord } from 'contracts/schemas/people';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'shared';
import { NS } from '../i18n';
import { categoryTitles, scopeSummary } from '../model/categoryScope';
import { RoleDialog } from './RoleDialog';

export interface RolesViewProps {
  roles: RoleRecord[];
  /** The category tree: names the scopes, and the role form chooses from it. */
  categories: CategoryNode[];
  onChanged(): void;
}

/** /admin/roles: every role with its rights, where its article rights hold (its scope) and how many users hold it; create and edit. */
export function RolesView({ roles, categories, onChanged }: RolesViewProps) {
  const { t } = useTranslation(NS);
  const [dialog, setDialog] = useState<'create' | RoleRecord | null>(null);
  const titles = useMemo(() => categoryTitles(categories), [categories]);
  const scopeCell = (role: RoleRecord) => {
    const summary = scopeSummary(role.scope, titles);
    if (summary.kind === 'everywhere') return t('roles.everywhere');
    if (summary.kind === 'nowhere') return t('roles.nowhere');
    return summary.titles.map((title, index) => <Tag key={`${index}-${title}`}>{title}</Tag>);
  };
  const columns: TableProps<RoleRecord>['columns'] = [
    { key: 'title', dataIndex: 'title', title: t('roles.columns.title') },
    {
      key: 'rights',
      title: t('roles.columns.rights'),
      render: (_, role) =>
        role.rights.length ? role.rights.map((right) => <Tag key={right}>{t(`rights.${right}`)}</Tag>) : t('roles.none'),
    },
    { key: 'scope', title: t('roles.columns.scope'), render: (_, role) => scopeCell(role) },
    {
      key: 'users',
      title: t('roles.columns.users'),
      render: (_, role) => <Link to={`/admin/users?role=${role.id}`}>{role.users}</Link>,
    },
    {
      key: 'actions',
      title: t('roles.columns.actions'),
      render: (_, role) => (
        <Button size="small" onClick={() => setDialog(role)} aria-label={t('roles.edit', { title: role.title })}>
          {t('actions.edit')}
        </Button>
      ),
    },
  ];
  return (
    <div>
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Link to="/admin/users">{t('roles.usersLink')}</Link>
        <Button type="primary" onClick={() => setDialog('create')}>
          {t('roles.create')}
        </Button>
      </Space>
      <Table<RoleRecord> rowKey="id" columns={columns} dataSource={roles} pagination={false} />
      <RoleDialog
        target={dialog}
        categories={categories}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          toast.success(t('users.saved'));
          onChanged();
        }}
      />
    </div>
  );
}
