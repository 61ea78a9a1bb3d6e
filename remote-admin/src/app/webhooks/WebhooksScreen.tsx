import type { LoaderFunctionArgs } from 'react-router-dom';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Webhook } from 'contracts/schemas/webhooks';
import { requireRight } from 'shared';
import { buildMark } from 'shared/ui/buildMark';
import { loadWebhooks, WEBHOOKS_NS, WebhooksView } from '../../features/webhooks';

export function webhooksLoader({ request }: LoaderFunctionArgs): Promise<Webhook[]> {
  requireRight('manage_webhooks');
  return loadWebhooks(request.signal);
}

/** /admin/webhooks. */
export function WebhooksScreen() {
  const { t } = useTranslation(WEBHOOKS_NS);
  const webhooks = useLoaderData() as Webhook[];
  const revalidator = useRevalidator();
  return (
    <div data-testid="webhooks-screen" {...buildMark('remote-admin')} style={{ padding: 24 }}>
      <h1 style={{ marginTop: 0 }}>{t('title')}</h1>
      <WebhooksView webhooks={webhooks} onChanged={() => void revalidator.revalidate()} />
    </div>
  );
}
