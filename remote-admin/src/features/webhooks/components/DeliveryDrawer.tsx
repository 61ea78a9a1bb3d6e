import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { TableProps } from 'antd';
import type { Webhook, WebhookDelivery } from 'contracts/schemas/webhooks';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, toast } from 'shared';
import { fetchDeliveries, redeliver } from '../api/webhooksApi';
import { NS } from '../i18n';

/** Dark solid colours: white text on them keeps a 4.5:1 contrast (antd's light preset tags do not). */
export const STATUS_COLOURS: Record<WebhookDelivery['status'], string> = { pending: '#874d00', delivered: '#237804', failed: '#a8071a' };

export interface DeliveryDrawerProps {
  /** The webhook whose log is open; null: closed. */
  webhook: Webhook | null;
  onClose(): void;
}

/** A webhook's delivery log, newest first: status, attempts, last answer and response time; redeliver. */
export function DeliveryDrawer({ webhook, onClose }: DeliveryDrawerProps) {
  const { t, i18n } = useTranslation(NS);
  const [deliveries, setDeliveries] = useState<WebhookDelivery[]>([]);
  const [loading, setLoading] = useState(false);
  const id = webhook?.id;

  const load = useCallback(async () => {
    if (id === undefined) return;
    setLoading(true);
    try {
      setDeliveries(await fetchDeliveries(id));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setLoading(false);
    }
  }, [id]);

  useEffect(() => {
    setDeliveries([]);
    void load();
  }, [load]);

  const again = async (delivery: WebhookDelivery) => {
    try {
      await redeliver(id as number, delivery.id);
      toast.success(t('log.queued'));
      await load();
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  const time = (value: string) => new Date(value).toLocaleString(i18n.language);
  const columns: TableProps<WebhookDelivery>['columns'] = [
    { key: 'event', title: t('log.event'), render: (_, delivery) => t(`events.${delivery.event}`) },
    { key: 'created', title: t('log.created'), render: (_, delivery) => time(delivery.created_at) },
    {
      key: 'status',
      title: t('log.status'),
      render: (_, delivery) => (
        <>
          <Tag color={STATUS_COLOURS[delivery.status]}>{t(`log.statuses.${delivery.status}`)}</Tag>
          {delivery.next_attempt_at ? <div>{t('log.next', { at: time(delivery.next_attempt_at) })}</div> : null}
        </>
      ),
    },
    { key: 'attempts', title: t('log.attempts'), dataIndex: 'attempts' },
    {
      key: 'code',
      title: t('log.code'),
      render: (_, delivery) =>
        delivery.last_status_code === null ? (delivery.last_error ?? t('log.noAnswer')) : delivery.last_status_code,
    },
    {
      key: 'time',
      title: t('log.time'),
      render: (_, delivery) => (delivery.last_response_ms === null ? '' : t('log.ms', { ms: delivery.last_response_ms })),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, delivery) => (
        <Button size="small" onClick={() => void again(delivery)} aria-label={t('log.redeliverLabel', { id: delivery.id })}>
          {t('log.redeliver')}
        </Button>
      ),
    },
  ];

  return (
    <Drawer open={webhook !== null} size="large" title={webhook ? t('log.title', { name: webhook.name }) : ''} onClose={onClose}>
      <Button onClick={() => void load()} style={{ marginBottom: 16 }}>
        {t('log.refresh')}
      </Button>
      <Table<WebhookDelivery>
        data-testid="webhook-deliveries"
        rowKey="id"
        columns={columns}
        dataSource={deliveries}
        loading={loading}
        pagination={false}
        locale={{ emptyText: t('log.empty') }}
      />
    </Drawer>
  );
}
