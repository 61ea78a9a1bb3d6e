// The Activity screen's body: the filters (user, record, action, days) above the log, newest first,
// paged. Controlled: the screen keeps the filter in the URL and loads each page in its route loader.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { DateTimeField, useFormDateText } from 'shared/fields';
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
import { useActivityColumns } from './activityColumns';
import { useActivityText } from './EntryParts';

/** A user the filter offers: the same shape as an entry's actor. */
export type ActivityUser = NonNullable<ActivityEntry['actor']>;

export interface ActivityViewProps {
  filter: ActivityFilter;
  page: ActivityPage;
  users: ActivityUser[];
  loading: boolean;
  /** The days are given backwards: the log was not asked; the screen says so and offers to swap them. */
  rangeReversed?: boolean;
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

/** Each list filter's width and the text of its first choice (null: no filter). */
const CHOICE_FILTERS = {
  user: { width: 200, allKey: 'filters.allUsers' },
  entity: { width: 170, allKey: 'filters.allEntities' },
  action: { width: 190, allKey: 'filters.allActions' },
} as const;

interface ChoiceFilterProps<T> {
  /** The filter: its label `filters.<name>`, ids `activity-<name>` and test id `activity-filter-<name>`. */
  name: keyof typeof CHOICE_FILTERS;
  value: T | null;
  options: { value: T; label: string }[];
  /** Typing narrows the choices down by their labels. */
  searchable?: boolean;
  onChange(value: T | null): void;
}

/** A filter picked from a list, "all" first. */
function ChoiceFilter<T extends string | number>({ name, value, options, searchable, onChange }: ChoiceFilterProps<T>) {
  const t = useActivityText();
  const { width, allKey } = CHOICE_FILTERS[name];
  const id = `activity-${name}`;
  return (
    <FilterField id={id} label={t(`filters.${name}`)}>
      <Select<T | null>
        id={id}
        style={{ width }}
        value={value}
        onChange={(next) => onChange(next ?? null)}
        {...(searchable ? { showSearch: { optionFilterProp: 'label' } } : {})}
        options={[{ value: null, label: t(allKey) }, ...options]}
        data-testid={`activity-filter-${name}`}
      />
    </FilterField>
  );
}

/** A day bound of the filter ('' for none); `min` / `max` keep from ≤ to. */
function DateFilter(props: {
  name: 'from' | 'to';
  label: string;
  value: string;
  min?: string;
  max?: string;
  invalid?: boolean;
  describedBy?: string;
  onChange(value: string): void;
}) {
  const { name, label, value, min, max, invalid, describedBy, onChange } = props;
  const id = `activity-${name}`;
  return (
    <FilterField id={id} label={label}>
      <DateTimeField
        kind="date"
        id={id}
        value={value}
        min={min}
        max={max}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? describedBy : undefined}
        onChange={onChange}
      />
    </FilterField>
  );
}

/** Says that the days are given backwards (nothing can match), with a button that swaps them. */
function ReversedRange({ filter, onSwap }: { filter: ActivityFilter; onSwap(): void }) {
  const t = useActivityText();
  const dayText = useFormDateText();
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      id={REVERSED_ID}
      data-testid="activity-range-reversed"
      title={t('filters.reversed', { from: dayText(filter.from, 'date'), to: dayText(filter.to, 'date') })}
      action={
        <Button size="small" onClick={onSwap}>
          {t('filters.swap')}
        </Button>
      }
    />
  );
}

const REVERSED_ID = 'activity-range-reversed';

export function ActivityView({ filter, page, users, loading, rangeReversed = false, onChange }: ActivityViewProps) {
  const t = useActivityText();
  const change = (patch: Partial<Omit<ActivityFilter, 'limitStart'>>) => onChange(changeActivityFilter(filter, patch));
  const filtered =
    JSON.stringify({ ...filter, limit: 0, limitStart: 0 }) !== JSON.stringify({ ...EMPTY_ACTIVITY_FILTER, limit: 0, limitStart: 0 });

  const { columns, scroll } = useActivityColumns();

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
        <ChoiceFilter<number>
          name="user"
          value={filter.user}
          options={users.map((user) => ({ value: user.id, label: user.name }))}
          searchable
          onChange={(user) => change({ user })}
        />
        <ChoiceFilter<ActivityEntity>
          name="entity"
          value={filter.entity}
          options={ACTIVITY_ENTITIES.map((entity) => ({ value: entity, label: t(`entities.${entity}`) }))}
          onChange={(entity) => change({ entity, entityId: null })}
        />
        <ChoiceFilter<ActivityAction>
          name="action"
          value={filter.action}
          options={ACTIVITY_ACTIONS.map((action) => ({ value: action, label: t(`actions.${action}`) }))}
          onChange={(action) => change({ action })}
        />
        {(['from', 'to'] as const).map((name) => (
          <DateFilter
            key={name}
            name={name}
            label={t(`filters.${name}`)}
            value={filter[name]}
            {...(name === 'from' ? { max: filter.to } : { min: filter.from })}
            invalid={rangeReversed}
            describedBy={REVERSED_ID}
            onChange={(value) => change({ [name]: value })}
          />
        ))}
        {filter.entity && filter.entityId !== null && (
          <Typography.Text data-testid="activity-only-record">
            {t('filters.onlyRecord', { record: t('record', { entity: t(`entities.${filter.entity}`), id: filter.entityId }) })}
          </Typography.Text>
        )}
        <Button onClick={() => onChange({ ...EMPTY_ACTIVITY_FILTER, limit: filter.limit })} disabled={!filtered}>
          {t('filters.clear')}
        </Button>
      </form>
      {rangeReversed && <ReversedRange filter={filter} onSwap={() => change({ from: filter.to, to: filter.from })} />}
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
        scroll={scroll}
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
