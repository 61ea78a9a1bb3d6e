import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { recordedErrorText } from 'shared';
import { NS } from '../i18n';
import { formatOption } from '../model/options';
import { totals, type RunItem, type RunResult } from '../model/run';
import { RunFailures } from './RunFailures';

/** The title of an item whose own image could not be imported, with why under it (the title keeps its hover text). */
function TitleWithImageError({ title, item }: { title: string; item: RunItem }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <span title={title}>{title}</span>
      <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="run-item-image-error">
        {t('run.imageMissing', {
          error: recordedErrorText({ error: item.image_error, error_code: item.image_error_code, error_params: item.image_error_params }),
        })}
      </Typography.Text>
    </>
  );
}

function useRunColumns(onPreview: (item: RunItem) => void): ColumnsType<RunItem> {
  const { t } = useTranslation(NS);
  return [
    { key: 'id', dataIndex: 'id', title: t('run.columns.id'), width: 80 },
    // A long title is ellipsised, the full text on hover (antd's cell title): no sideways scroll.
    {
      key: 'title',
      dataIndex: 'title',
      title: t('run.columns.title'),
      ellipsis: true,
      // A plain title stays text, so the ellipsised cell keeps it as its hover text.
      render: (title: string, item) => (item.image_error_code ? <TitleWithImageError title={title} item={item} /> : title),
    },
    {
      key: 'created',
      dataIndex: 'created',
      title: t('run.columns.created'),
      width: 190,
      render: (value: string) => (value ? new Date(value).toLocaleString() : ''),
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('run.columns.state'),
      width: 150,
      render: (value: unknown) => formatOption('published', value, (key) => t(key)),
    },
    {
      key: 'action',
      width: 100,
      render: (_: unknown, item) => (
        <Button size="small" onClick={() => onPreview(item)}>
          {t('run.preview')}
        </Button>
      ),
    },
  ];
}

/** A run's results: the simulation marker, the totals, each importer's error, the failed items and the items. */
export function RunResults({ result, onComplete, onPreview }: { result: RunResult; onComplete(): void; onPreview(item: RunItem): void }) {
  const { t } = useTranslation(NS);
  const columns = useRunColumns(onPreview);
  return (
    <Flex vertical gap={8} data-testid="run-results">
      <Flex gap={8} align="center" wrap>
        {result.simulate && (
          <Tag color="orange" data-testid="simulation-marker" title={t('run.markerHelp')}>
            {t('run.marker')}
          </Tag>
        )}
        <Typography.Text>{t('run.summary', totals(result))}</Typography.Text>
        <Button size="small" onClick={onComplete} style={{ marginLeft: 'auto' }}>
          {t('run.complete')}
        </Button>
      </Flex>
      {result.importers
        .filter((outcome) => outcome.status === 'error')
        .map((outcome) => (
          <Alert
            key={outcome.id}
            type="error"
            showIcon
            title={t('run.importerError', { title: outcome.title, error: recordedErrorText(outcome) })}
          />
        ))}
      <RunFailures result={result} />
      <Table<RunItem>
        size="small"
        rowKey={(item) => `${item.importer_id}-${item.id}-${item.url ?? item.title}`}
        columns={columns}
        dataSource={result.items}
        pagination={result.items.length > 20 ? { pageSize: 20 } : false}
        locale={{ emptyText: t('run.noItems') }}
      />
    </Flex>
  );
}
