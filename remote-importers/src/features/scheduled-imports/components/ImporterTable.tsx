import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import PlayCircleOutlined from '@ant-design/icons/es/icons/PlayCircleOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { recordedErrorText } from 'shared';
import { RecordTable } from 'shared/ui/RecordTable';
import { RowActionsMenu, useViewportBelow } from 'shared/ui/RowActionsMenu';
import { NS } from '../i18n';
import type { Importer } from '../model/importer';
import { isEnabled, scheduleLabel } from '../model/options';
import { runStatus } from '../model/runHistory';
import { EnabledIcon } from './EnabledIcon';
import { RouterLink } from './RouterLink';
import { RunHistoryChart } from './RunHistoryChart';

export const editPath = (id: number | string) => `/import/edit/${id}`;

export type RowAction = 'enable' | 'disable' | 'delete';

interface Props {
  importers: Importer[];
  loading?: boolean;
  onRefresh(): void;
  onAction?(importer: Importer, action: RowAction): void;
  onRun?(importer: Importer): void;
}

/** Below this width (antd's lg) the row actions go into a menu, so that the name keeps its room. */
const COMPACT_BELOW = 992;

/** A last-run tag wraps inside its column instead of running into the next one. */
const TAG_STYLE = { whiteSpace: 'normal', marginInlineEnd: 0 } as const;

function LastRun({ importer }: { importer: Importer }) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'list.lastRun' });
  const run = importer.last_run;
  const status = runStatus(run);
  if (!run || status === 'none') return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  const time = new Date(run.started).toLocaleString(i18n.language);
  if (status === 'running')
    return (
      <Tag color="processing" style={TAG_STYLE}>
        {t('running', { time })}
      </Tag>
    );
  if (status === 'error') {
    return (
      <Tag color="error" title={recordedErrorText(run)} style={TAG_STYLE}>
        {t('error', { time })}
      </Tag>
    );
  }
  return (
    <Tag color="success" style={TAG_STYLE}>
      {t('ok', { time, new: run.new, duplicate: run.duplicate, failed: run.failed })}
    </Tag>
  );
}

/** A row's actions: edit, enable/disable, run (enabled only) and delete; in a menu on narrow screens. */
function ImporterActions({ importer, onAction, onRun }: { importer: Importer } & Pick<Props, 'onAction' | 'onRun'>) {
  const { t } = useTranslation(NS);
  const on = isEnabled(importer.enabled);
  return (
    <RowActionsMenu label={t('list.actionsMenu', { title: importer.title })} compactBelow={COMPACT_BELOW}>
      <Space size={4}>
        <RouterLink to={editPath(importer.id)} aria-label={t('list.edit')} title={t('list.edit')}>
          <EditOutlined />
        </RouterLink>
        <EnabledIcon enabled={importer.enabled} onToggle={onAction ? () => onAction(importer, on ? 'disable' : 'enable') : undefined} />
        {on && onRun && (
          <Button
            type="text"
            size="small"
            icon={<PlayCircleOutlined />}
            aria-label={t('list.runSingle', { title: importer.title })}
            title={t('list.runSingle', { title: importer.title })}
            onClick={() => onRun(importer)}
          />
        )}
        {onAction && (
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('list.delete')} ${importer.title}`}
            title={t('list.delete')}
            onClick={() => onAction(importer, 'delete')}
          />
        )}
      </Space>
    </RowActionsMenu>
  );
}

/** The action column's header: its name and the refresh button. */
function ActionHeader({ loading, onRefresh }: Pick<Props, 'loading' | 'onRefresh'>) {
  const { t } = useTranslation(NS);
  return (
    <Space size={8}>
      {t('list.columns.action')}
      <Button
        type="text"
        size="small"
        icon={<ReloadOutlined spin={loading} />}
        aria-label={t('list.refresh')}
        title={t('list.refresh')}
        onClick={onRefresh}
      />
    </Space>
  );
}

function useImporterColumns({ loading, onRefresh, onAction, onRun }: Omit<Props, 'importers'>): ColumnsType<Importer> {
  const { t } = useTranslation(NS);
  const compact = useViewportBelow(COMPACT_BELOW);
  // On narrower screens the columns that matter less give way (feed below lg, schedule below md,
  // last run below sm): the name is never squeezed to its ellipsis and the table never scrolls sideways.
  return [
    { key: 'id', dataIndex: 'id', title: t('list.columns.id'), width: 70 },
    // Long names and feed URLs are ellipsised (the columns share the width left by the fixed ones),
    // the full text on hover: the table never scrolls sideways.
    {
      key: 'name',
      title: t('list.columns.name'),
      ellipsis: { showTitle: false },
      render: (_: unknown, importer) => (
        <RouterLink to={editPath(importer.id)} title={importer.title}>
          {importer.title}
        </RouterLink>
      ),
    },
    {
      key: 'feed',
      responsive: ['lg'],
      title: t('list.columns.feed'),
      ellipsis: { showTitle: false },
      render: (_: unknown, importer) => <span title={importer.feed_url}>{importer.feed_url}</span>,
    },
    {
      key: 'schedule',
      responsive: ['md'],
      width: 150,
      title: t('list.columns.schedule'),
      render: (_: unknown, importer) => scheduleLabel(importer.schedule, (key) => t(key)),
    },
    {
      key: 'lastRun',
      responsive: ['sm'],
      width: 230,
      title: t('list.columns.lastRun'),
      render: (_: unknown, importer) => <LastRun importer={importer} />,
    },
    {
      key: 'action',
      width: compact ? 110 : 170,
      title: <ActionHeader loading={loading} onRefresh={onRefresh} />,
      render: (_: unknown, importer) => <ImporterActions importer={importer} onAction={onAction} onRun={onRun} />,
    },
  ];
}

/** Spec "Scheduled imports list": ID, Name, Feed, Schedule and Action; refresh icon in the header. */
export function ImporterTable({ importers, ...rest }: Props) {
  const { t } = useTranslation(NS);
  const columns = useImporterColumns(rest);
  return (
    <RecordTable<Importer>
      columns={columns}
      dataSource={importers}
      loading={rest.loading}
      expandable={{
        // The run history chart of a row, loaded when the row opens.
        expandedRowRender: (importer) => <RunHistoryChart importerId={importer.id} title={importer.title} />,
        expandIcon: undefined,
      }}
      locale={{ emptyText: <Alert type="info" showIcon title={t('list.noRecords')} /> }}
    />
  );
}
