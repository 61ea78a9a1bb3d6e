import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import type { RoleRecord } from 'contracts/schemas/people';
import { USER_STATUSES } from 'contracts/rules/people';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import type { UsersView as View } from '../model/userQuery';

/** Search (on Enter), role, status and two-factor filters; each change shows the first page. */
export function UserFilters({ view, roles, onView }: { view: View; roles: RoleRecord[]; onView(view: View): void }) {
  const { t } = useTranslation(NS);
  const [search, setSearch] = useState(view.search);
  return (
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
  );
}
