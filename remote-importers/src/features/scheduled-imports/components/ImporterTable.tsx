import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import type { Importer } from '../model/importer';
import { scheduleLabel } from '../model/options';
import { EnabledIcon } from './EnabledIcon';
import { RouterLink } from './RouterLink';

export const editPath = (id: number | string) => `/import/edit/${id}`;

interface Props {
  importers: Importer[];
  loading?: boolean;
  onRefresh(): void;
}

/** Spec "Scheduled imports list": ID, Name, Feed, Schedule and Action; refresh icon in the header. */
export function ImporterTable({ importers, loading, onRefresh }: Props) {
  const { t } = useTranslation(NS);
  const columns: ColumnsType<Importer> = [
    { key: 'id', dataIndex: 'id', title: t('list.columns.id'), width: 70 },
    {
      key: 'name',
      title: t('list.columns.name'),
      render: (_: unknown, importer) => <RouterLink to={editPath(importer.id)}>{importer.title}</RouterLink>,
    },
    {
      key: 'feed',
      title: t('list.columns.feed'),
      render: (_: unknown, importer) => (
        <Typography.Text ellipsis={{ tooltip: importer.feed_url }} style={{ maxWidth: 320 }}>
          {importer.feed_url}
        </Typography.Text>
      ),
    },
    {
      key: 'schedule',
      title: t('list.columns.schedule'),
      render: (_: unknown, importer) => scheduleLabel(importer.schedule, (key) => t(key)),
    },
    {
      key: 'action',
      width: 120,
      title: (
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
      ),
      render: (_: unknown, importer) => (
        <Space size={12}>
          <RouterLink to={editPath(importer.id)} aria-label={t('list.edit')} title={t('list.edit')}>
            <EditOutlined />
          </RouterLink>
          <EnabledIcon enabled={importer.enabled} />
        </Space>
      ),
    },
  ];
  return (
    <Table<Importer>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={importers}
      loading={loading}
      pagination={false}
      locale={{ emptyText: <Alert type="info" showIcon title={t('list.noRecords')} /> }}
    />
  );
}
