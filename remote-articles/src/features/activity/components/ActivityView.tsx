// The Activity screen's body: the filters (user, record, action, days) above the log, newest first,
// paged. Controlled: the screen keeps the filter in the URL and loads each page in its route loader.
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import type { TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_ENTITIES,
  ACTIVITY_PAGE_SIZES,
  type ActivityAction,
  type ActivityEntity,
} from 'contracts/rules/activity';
import type { ActivityEntry, ActivityPage } from '../api/activityApi';
import {
  activityPage,
  changeActivityFilter,
  EMPTY_ACTIVITY_FILTER,
  type ActivityFilter,
  type ActivityPageSize,
} from '../model/activityFilter';
import { actorName, EntryChanges, EntryRecord, formatWhen, useActivityText } from './EntryParts';

/** A user the filter offers: the same shape as an entry's actor. */
export type ActivityUser = NonNullable<ActivityEntry['actor']>;

export interface ActivityViewProps {
  filter: ActivityFilter;
  page: ActivityPage;
  users: ActivityUser[];
  loading: boolean;
  onChange(filter: ActivityFilter): void;
}

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <label htmlFor={id}>{label}</label>
      {children}
    </Flex>
  );
}

export function ActivityView({ filter, page, users, loading, onChange }: ActivityViewProps) {
  const t = useActivityText();
  const { i18n } = useTranslation();
  const change = (patch: Partial<Omit<ActivityFilter, 'limitStart'>>) => onChange(changeActivityFilter(filter, patch));
  const filtered =
    JSON.stringify({ ...filter, limit: 0, limitStart: 0 }) !== JSON.stringify({ ...EMPTY_ACTIVITY_FILTER, limit: 0, limitStart: 0 });

  const columns: TableProps<ActivityEntry>['columns'] = [
    {
      key: 'when',
      title: t('columns.when'),
      width: 170,
      render: (_, entry) => <time dateTime={entry.at}>{formatWhen(entry.at, i18n.language)}</time>,
    },
    { key: 'who', title: t('columns.who'), width: 150, render: (_, entry) => actorName(entry, t) },
    { key: 'action', title: t('columns.action'), width: 140, render: (_, entry) => t(`actions.${entry.action}`) },
    { key: 'what', title: t('columns.what'), width: 240, render: (_, entry) => <EntryRecord entry={entry} /> },
    { key: 'changes', title: t('columns.changes'), render: (_, entry) => <EntryChanges entry={entry} /> },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <form
        aria-label={t('filters.label')}
        onSubmit={(event) => event.preventDefault()}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end' }}
      >
        <FilterField id="activity-user" label={t('filters.user')}>
          <Select<number | null>
            id="activity-user"
            style={{ width: 200 }}
            value={filter.user}
            onChange={(user) => change({ user: user ?? null })}
            showSearch={{ optionFilterProp: 'label' }}
            options={[{ value: null, label: t('filters.allUsers') }, ...users.map((user) => ({ value: user.id, label: user.name }))]}
            data-testid="activity-filter-user"
          />
        </FilterField>
        <FilterField id="activity-entity" label={t('filters.entity')}>
          <Select<ActivityEntity | null>
            id="activity-entity"
            style={{ width: 170 }}
            value={filter.entity}
            onChange={(entity) => change({ entity: entity ?? null, entityId: null })}
            options={[
              { value: null, label: t('filters.allEntities') },
              ...ACTIVITY_ENTITIES.map((entity) => ({ value: entity, label: t(`entities.${entity}`) })),
            ]}
            data-testid="activity-filter-entity"
          />
        </FilterField>
        <FilterField id="activity-action" label={t('filters.action')}>
          <Select<ActivityAction | null>
            id="activity-action"
            style={{ width: 190 }}
            value={filter.action}
            onChange={(action) => change({ action: action ?? null })}
            options={[
              { value: null, label: t('filters.allActions') },
              ...ACTIVITY_ACTIONS.map((action) => ({ value: action, label: t(`actions.${action}`) })),
            ]}
            data-testid="activity-filter-action"
          />
        </FilterField>
        <FilterField id="activity-from" label={t('filters.from')}>
          <Input
            id="activity-from"
            type="date"
            value={filter.from}
            max={filter.to || undefined}
            onChange={(event) => change({ from: event.target.value })}
          />
        </FilterField>
        <FilterField id="activity-to" label={t('filters.to')}>
          <Input
            id="activity-to"
            type="date"
            value={filter.to}
            min={filter.from || undefined}
            onChange={(event) => change({ to: event.target.value })}
          />
        </FilterField>
        {filter.entity && filter.entityId !== null && (
          <Typography.Text data-testid="activity-only-record">
            {t('filters.onlyRecord', { record: t('record', { entity: t(`entities.${filter.entity}`), id: filter.entityId }) })}
          </Typography.Text>
        )}
        <Button onClick={() => onChange({ ...EMPTY_ACTIVITY_FILTER, limit: filter.limit })} disabled={!filtered}>
          {t('filters.clear')}
        </Button>
      </form>
      <Typography.Text role="status" data-testid="activity-total">
        {t('total', { count: page.total })}
      </Typography.Text>
      <Table<ActivityEntry>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={page.items}
        loading={loading}
        data-testid="activity-table"
        onRow={() => ({ 'data-testid': 'activity-row' }) as React.HTMLAttributes<HTMLTableRowElement>}
        // Text in the text colour: antd's placeholder grey is too faint to read (WCAG contrast).
        locale={{ emptyText: <Typography.Text data-testid="activity-empty">{t('empty')}</Typography.Text> }}
        scroll={{ x: 900 }}
        pagination={{
          current: Math.floor(filter.limitStart / filter.limit) + 1,
          pageSize: filter.limit,
          total: page.total,
          showSizeChanger: true,
          pageSizeOptions: ACTIVITY_PAGE_SIZES.map(String),
          locale: { items_per_page: `/ ${t('pageSize')}` },
          onChange: (next, size) => onChange(activityPage(filter, next, size as ActivityPageSize)),
        }}
      />
    </Flex>
  );
}
