import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { TableProps } from 'antd';
import type { Webhook } from 'contracts/schemas/webhooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, toast } from 'shared';
import { deleteWebhook } from '../api/webhooksApi';
import { NS } from '../i18n';
import { DeliveryDrawer, STATUS_COLOURS } from './DeliveryDrawer';
import { WebhookDialog } from './WebhookDialog';

export interface WebhooksViewProps {
  webhooks: Webhook[];
  onChanged(): void;
}

/** /admin/webhooks: every subscription with its events; create, edit, delete, and its delivery log. */
export function WebhooksView({ webhooks, onChanged }: WebhooksViewProps) {
  const { t } = useTranslation(NS);
  const [dialog, setDialog] = useState<'create' | Webhook | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);

  const remove = async (webhook: Webhook) => {
    try {
      await deleteWebhook(webhook.id, webhook.version);
      toast.success(t('form.deleted'));
      onChanged();
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  const columns: TableProps<Webhook>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('columns.name') },
    { key: 'url', dataIndex: 'url', title: t('columns.url'), render: (url: string) => <code>{url}</code> },
    {
      key: 'events',
      title: t('columns.events'),
      render: (_, webhook) => webhook.events.map((event) => <Tag key={event}>{t(`events.${event}`)}</Tag>),
    },
    { key: 'format', title: t('columns.format'), render: (_, webhook) => t(`formats.${webhook.format}`) },
    {
      key: 'enabled',
      title: t('columns.enabled'),
      render: (_, webhook) => (
        <Tag color={webhook.enabled ? STATUS_COLOURS.delivered : undefined}>{t(webhook.enabled ? 'status.on' : 'status.off')}</Tag>
      ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, webhook) => (
        <Space wrap>
          <Button size="small" onClick={() => setDialog(webhook)} aria-label={t('actions.editLabel', { name: webhook.name })}>
            {t('actions.edit')}
          </Button>
          <Button size="small" onClick={() => setLog(webhook)} aria-label={t('actions.logLabel', { name: webhook.name })}>
            {t('actions.log')}
          </Button>
          <Popconfirm title={t('actions.deleteConfirm', { name: webhook.name })} onConfirm={() => void remove(webhook)}>
            <Button size="small" danger aria-label={t('actions.deleteLabel', { name: webhook.name })}>
              {t('actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <div>
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <p style={{ margin: 0, maxWidth: 720 }}>{t('intro')}</p>
        <Button type="primary" onClick={() => setDialog('create')}>
          {t('create')}
        </Button>
      </Space>
      <Table<Webhook> rowKey="id" columns={columns} dataSource={webhooks} pagination={false} locale={{ emptyText: t('empty') }} />
      <WebhookDialog
        target={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          toast.success(t('form.saved'));
          onChanged();
        }}
      />
      <DeliveryDrawer webhook={log} onClose={() => setLog(null)} />
    </div>
  );
}
